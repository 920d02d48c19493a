/**
 * Every upload route, over a real socket as a browser sends it: a file one byte over the route's
 * limit is a 413 with a message naming the limit, and nothing is stored — never a file cut short
 * and a 200.
 */
import { count, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatChannels, chatMessages, eois, supportFiles } from '../../src/server/db/schema';
import { CHAT_LIMITS, CHAT_MESSAGES } from '../../src/shared/contracts/chat';
import { SUPPORT_MESSAGES, UPLOAD_MAX_BYTES } from '../../src/shared/contracts/support';
import { UPLOAD_MESSAGES } from '../../src/shared/contracts/trading';
import { chatter, createChannel, type Chatter } from './helpers/chat';
import { bearer } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let base: string;
let asha: Chatter;
let vik: Chatter;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  asha = await chatter(t.app, 'clientdealer@arihant.demo');
  vik = await chatter(t.app, 'clientdealer@vasuki.demo');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const rowCount = async (table: typeof supportFiles | typeof eois) => (await db().select({ n: count() }).from(table))[0]!.n;

/** POSTs a form with `file` (and text fields) through fetch, as the browser does. */
async function postForm(path: string, headers: Record<string, string>, file: { name: string; type: string; bytes: number }, fields = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', new Blob([Buffer.alloc(file.bytes, 0x20)], { type: file.type }), file.name);
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as { code: string; message: string } };
}

describe('uploads over the limit: 413, nothing stored', () => {
  it('a support attachment over 5 MB', async () => {
    const before = await rowCount(supportFiles);
    const res = await postForm('/api/ext/public/upload/', bearer(asha.access), {
      name: 'notes.txt',
      type: 'text/plain',
      bytes: UPLOAD_MAX_BYTES + 1,
    });
    expect(res).toEqual({
      status: 413,
      body: { code: 'PAYLOAD_TOO_LARGE', message: SUPPORT_MESSAGES.fileTooLarge, fields: { file: SUPPORT_MESSAGES.fileTooLarge } },
    });
    expect(await rowCount(supportFiles)).toBe(before);
  });

  it('a chat file over 10 MB', async () => {
    const channel = await createChannel(asha, { customType: 'direct', invitedUserIds: [vik.userId] });
    const headers = { ...bearer(asha.access), 'x-chat-session': asha.session };
    const res = await postForm(
      `/api/chat/channels/${channel.url}/files/`,
      headers,
      { name: 'big.txt', type: 'text/plain', bytes: CHAT_LIMITS.fileMaxBytes + 1 },
      { req_id: 'big' },
    );
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: CHAT_MESSAGES.fileTooLarge });
    const [row] = await db().select().from(chatChannels).where(eq(chatChannels.url, channel.url));
    expect(await db().select().from(chatMessages).where(eq(chatMessages.channelId, row!.id))).toEqual([]);
  });

  it('a bulk quote file over 2 MB', async () => {
    const before = await rowCount(eois);
    const res = await postForm('/api/eoi/upload/', bearer(asha.access), {
      name: 'quotes.csv',
      type: 'text/csv',
      bytes: 2 * 1024 * 1024 + 1,
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge });
    expect(await rowCount(eois)).toBe(before);
  });

  it('a file within the limit is still taken', async () => {
    const res = await postForm('/api/ext/public/upload/', bearer(asha.access), { name: 'notes.txt', type: 'text/plain', bytes: 1_024 });
    expect(res.status).toBe(200);
  });
});
