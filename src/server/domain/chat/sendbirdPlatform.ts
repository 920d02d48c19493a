/**
 * Sendbird's Platform API, server side only (DESIGN §8): with SENDBIRD_APP_ID set, the chat session
 * calls of spec 02 §7 issue and revoke Sendbird session tokens instead of built-in ones. The SDK in
 * the browser talks to Sendbird itself; this client only holds the secret API token.
 *   POST   {base}/v3/users/{user_id}/token   { expires_at } → { token, expires_at }   (a user Sendbird does not know is created first)
 *   POST   {base}/v3/users                   { user_id, nickname, profile_url }
 *   DELETE {base}/v3/users/{user_id}/token   → revokes all the user's session tokens
 */
import { AppError } from '../../errors.js';

export interface SendbirdSettings {
  /** https://api-{APP_ID}.sendbird.com, or a fake's address in tests. */
  baseUrl: string;
  apiToken: string;
  timeoutMs?: number;
}

/** Sendbird's error code for an unknown user (it answers 400 with it; a 404 means the same). */
const USER_NOT_FOUND = 400201;

const failed = (reason: string) => new AppError('CHAT_SERVICE_FAILED', `The chat service refused: ${reason}`);

export function sendbirdPlatform({ baseUrl, apiToken, timeoutMs = 10_000 }: SendbirdSettings) {
  const root = `${baseUrl.replace(/\/+$/, '')}/v3`;

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> | null }> {
    let res: Response;
    try {
      res = await fetch(`${root}${path}`, {
        method,
        headers: {
          'Api-Token': apiToken,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json; charset=utf8' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw failed(error instanceof Error && error.name === 'TimeoutError' ? 'it did not answer in time' : 'it cannot be reached');
    }
    const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: res.status, json };
  }

  const reason = (r: { status: number; json: Record<string, unknown> | null }) =>
    typeof r.json?.message === 'string' ? r.json.message : `HTTP ${r.status}`;
  const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}/token`;

  return {
    /** A session token for `userId` valid until `expiresAt` (ms), creating the Sendbird user when it does not exist yet. */
    async issueToken(userId: string, nickname: string, expiresAt: number): Promise<{ token: string; expires_at: number }> {
      let res = await call('POST', userPath(userId), { expires_at: expiresAt });
      if (res.status === 404 || res.json?.code === USER_NOT_FOUND) {
        const created = await call('POST', '/users', { user_id: userId, nickname, profile_url: '' });
        if (created.status >= 300) throw failed(reason(created));
        res = await call('POST', userPath(userId), { expires_at: expiresAt });
      }
      if (res.status >= 300 || typeof res.json?.token !== 'string') throw failed(reason(res));
      return { token: res.json.token, expires_at: typeof res.json.expires_at === 'number' ? res.json.expires_at : expiresAt };
    },

    /** Revokes every session token of `userId` (an unknown user has none). */
    async revokeTokens(userId: string): Promise<void> {
      const res = await call('DELETE', userPath(userId));
      if (res.status >= 300 && res.status !== 404 && res.json?.code !== USER_NOT_FOUND) throw failed(reason(res));
    },
  };
}

export type SendbirdPlatform = ReturnType<typeof sendbirdPlatform>;
