/**
 * AES-256-GCM for exchange credentials at rest. The key is CREDENTIALS_KEY, else one generated
 * on first use and kept in system_state (like the token secret), so every instance agrees.
 * The row's identity is the additional data: a ciphertext copied to another row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { systemState } from '../../db/schema.js';

const KEY = 'credentials_key';
const VERSION = 'v1';

/** The 32-byte key. */
export async function loadCredentialsKey(db: Db, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'base64');
  // Concurrent first uses race here; ON CONFLICT keeps the first key and everyone reads it back.
  await db
    .insert(systemState)
    .values({ key: KEY, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemState).where(eq(systemState.key, KEY));
  if (!row || typeof row.value !== 'string') throw new Error('credentials key missing from system_state');
  return Buffer.from(row.value, 'base64');
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext of `sealed`; throws when the key, the data or `aad` do not match (for the exchange adapters). */
export function open(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown credentials format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
