/** Signed-in chat users for API tests: chat terms accepted, a chat session, and calls with both tokens. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ChatChannel, ChatMessage } from '../../../src/shared/contracts/chat';
import { bearer, signIn } from './signIn';

export interface Chatter {
  email: string;
  access: string;
  /** The chat user id (users.unique_id). */
  userId: string;
  session: string;
  /** A call with the Bearer token and the chat session. */
  call(method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A call with the Bearer token only. */
  plain(method: InjectOptions['method'], url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export async function chatter(app: FastifyInstance, email: string, { acceptTerms = true } = {}): Promise<Chatter> {
  const { access } = await signIn(app, email);
  const session = await app.inject({ method: 'GET', url: '/api/session/', headers: bearer(access) });
  const userId = session.json().user_info.unique_id as string;
  if (acceptTerms) {
    const terms = await app.inject({ method: 'PATCH', url: '/api/client/chat-terms/', headers: bearer(access) });
    if (terms.statusCode !== 200) throw new Error(`chat terms of ${email}: ${terms.statusCode} ${terms.body}`);
  }
  let token = '';
  if (acceptTerms) {
    const issued = await app.inject({ method: 'POST', url: '/api/issue-sb-session-token', headers: bearer(access), payload: { userId } });
    if (issued.statusCode !== 200) throw new Error(`chat session of ${email}: ${issued.statusCode} ${issued.body}`);
    token = issued.json().token;
  }
  const inject = (headers: Record<string, string>) => (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  return {
    email,
    access,
    userId,
    session: token,
    call: inject({ ...bearer(access), 'x-chat-session': token }),
    plain: inject(bearer(access)),
  };
}

/** Creates a channel and returns it (201 or 200 for an existing direct chat). */
export async function createChannel(owner: Chatter, body: Record<string, unknown>): Promise<ChatChannel> {
  const res = await owner.call('POST', '/api/chat/channels/', body);
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`create channel: ${res.statusCode} ${res.body}`);
  return res.json();
}

let seq = 0;
export async function send(from: Chatter, url: string, message: string, extra: Record<string, unknown> = {}): Promise<ChatMessage> {
  seq += 1;
  const res = await from.call('POST', `/api/chat/channels/${url}/messages/`, { reqId: `req-${seq}`, message, ...extra });
  if (res.statusCode !== 201) throw new Error(`send: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A multipart body with a file part and text fields, as a browser's FormData sends it. */
export function multipartWith(fields: Record<string, string>, file: { name: string; type: string; content: Buffer } | null) {
  const boundary = '----kosh-chat-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
