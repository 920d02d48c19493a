/** Random single-use secrets sent by e-mail (reset links, invitation codes); only their hash is stored. */
import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a token: the form in which tokens are stored and looked up. */
export const hashSecureToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new 256-bit token (base64url) and its hash. */
export function newSecureToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecureToken(token) };
}
