/**
 * The token-signing secret: JWT_SECRET when set, otherwise one generated on first use and kept
 * in the database, so every instance sharing the database signs and verifies alike.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { systemState } from '../../db/schema.js';

const KEY = 'jwt_secret';

/** The secret as bytes. */
export async function loadSigningSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  // Concurrent first starts race here; ON CONFLICT keeps the first secret and everyone reads it back.
  await db
    .insert(systemState)
    .values({ key: KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemState).where(eq(systemState.key, KEY));
  if (!row || typeof row.value !== 'string') throw new Error('signing secret missing from system_state');
  return new TextEncoder().encode(row.value);
}
