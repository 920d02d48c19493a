/** The caller's client profile (GET/PUT api/client/) and the chat-terms acceptance. */
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { ClientProfile, ClientUpdate } from '../../../shared/contracts/clients.js';
import type { Db } from '../../db/database.js';
import { clients, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** ABCDE1234F → ABCDE****F: enough to recognise, not enough to reuse. */
export function maskPan(pan: string | null): string | null {
  return pan && pan.length === 10 ? `${pan.slice(0, 5)}****${pan.slice(9)}` : null;
}

/** The profile of the caller's client. */
export async function clientProfile(db: Db, principal: Principal): Promise<ClientProfile> {
  const [client] = await db.select().from(clients).where(eq(clients.id, principal.clientId));
  const [user] = await db.select({ accepted: users.hasAcceptedChatTerms }).from(users).where(eq(users.id, principal.userId));
  if (!client || !user) throw new AppError('NOT_FOUND');
  return {
    id: client.id,
    name: client.name,
    slug: client.slug,
    client_type: client.clientType,
    segment: client.segment,
    category: client.category,
    tier: client.tier,
    website: client.website,
    state: client.state,
    pan: maskPan(client.pan),
    exchanges: client.allowedExchanges,
    is_broker: client.isBroker,
    is_partner: client.isPartner,
    has_accepted_chat_terms: user.accepted,
  };
}

/** Edits the caller's own client; any other id reads as not found. */
export async function updateClient(db: Db, principal: Principal, clientId: number, patch: ClientUpdate): Promise<ClientProfile> {
  if (clientId !== principal.clientId) throw new AppError('NOT_FOUND');
  const changes = {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.website !== undefined && { website: patch.website }),
    ...(patch.state !== undefined && { state: patch.state }),
    ...(patch.segment !== undefined && { segment: patch.segment }),
  };
  if (Object.keys(changes).length > 0) await db.update(clients).set(changes).where(eq(clients.id, clientId));
  return clientProfile(db, principal);
}

/** Records that the caller accepted the chat terms. */
export async function acceptChatTerms(db: Db, principal: Principal): Promise<void> {
  await db.update(users).set({ hasAcceptedChatTerms: true }).where(eq(users.id, principal.userId));
}
