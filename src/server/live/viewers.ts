/** Loads a user account as the live feed's visibility rules see it. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { clients } from '../db/schema.js';
import { loadPrincipal } from '../domain/auth/accounts.js';
import type { Viewer } from './visibility.js';

/** The active account `userAccountId` with its client's flags; null when not active. */
export async function loadViewer(db: Db, userAccountId: number): Promise<Viewer | null> {
  const principal = await loadPrincipal(db, userAccountId);
  if (!principal) return null;
  const [client] = await db.select({ isOperator: clients.isOperator }).from(clients).where(eq(clients.id, principal.clientId));
  return {
    userId: principal.userId,
    userAccountId,
    clientId: principal.clientId,
    roles: principal.roles,
    canTrade: principal.permissions.includes('client.can_trade'),
    isOperator: client?.isOperator ?? false,
  };
}
