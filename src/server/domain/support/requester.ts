/** The signed-in requester's e-mail, which the desk files the ticket under. */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { users } from '../../db/schema.js';

export async function requesterOf(tx: DbOrTx, userId: number): Promise<{ email: string }> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} not found`);
  return row;
}
