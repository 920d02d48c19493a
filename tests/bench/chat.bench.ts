/**
 * Chat benchmark (issue #10 Performance): 1,000 connected users — each with a built-in chat session
 * and a live socket (Node `ws` clients in a separate process) — a trading group of 200 and 100
 * direct chats sending messages, at a steady and at a burst rate. Measured: the time from a send (the POST) to its delivery at each
 * member's socket, p50/p99, and until every member has it; beside it, the same run's baseline: a
 * bare `ws` server sending the same frames to the same members. Then the history of a
 * 10,000-message channel loaded page by page through the API, beside a plain indexed SELECT of the
 * same pages. Goals: delivery p99 < 100 ms; a history page < 30 ms.
 * PGlite by default; PostgreSQL with TEST_DATABASE_URL / DATABASE_URL.
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { WebSocketServer, type WebSocket } from 'ws';
import { accessTokenCodec } from '../../src/server/domain/auth/accessTokens';
import { loadPrincipal } from '../../src/server/domain/auth/accounts';
import { chatChannels, chatMessages, clients, userAccounts, users } from '../../src/server/db/schema';
import { systemClock } from '../../src/shared/clock';
import { CHAT_LIMITS, type ChatChannel, type ChatMessage } from '../../src/shared/contracts/chat';
import { LIVE_PATH } from '../../src/shared/contracts/live';
import { startBenchApp } from './benchApp';
import { now, openClients, percentile } from './socketClients';

const USERS = 1_000;
const GROUP_SIZE = 200;
const DIRECT_CHATS = 100;
const ROUNDS = 30;
/**
 * Message rates, each run the same way beside its baseline: a desk's steady traffic, and a burst
 * (every direct chat speaking within 3 s while the group keeps talking) that shows the capacity.
 */
const LEVELS = [
  { name: 'steady', directsPerRound: 2, spacingMs: 200 },
  { name: 'burst', directsPerRound: 10, spacingMs: 100 },
] as const;
type Level = (typeof LEVELS)[number];
const perSecond = (level: Level) => Math.round(((1 + level.directsPerRound) * 1_000) / level.spacingMs);
const HISTORY_MESSAGES = 10_000;
const GOAL_DELIVERY_P99_MS = 100;
const GOAL_PAGE_MS = 30;
const JWT_SECRET = 'chat-bench-signing-secret-0123456789abcdef';
const TOKEN_TTL_S = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = await mkdtemp(join(tmpdir(), 'kosh-chat-bench-'));
const { app, ctx, database } = await startBenchApp({
  SEED_SIZE: 'small',
  DATA_DIR: dataDir,
  JWT_SECRET,
  ACCESS_TOKEN_TTL: String(TOKEN_TTL_S),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const liveUrl = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}${LIVE_PATH}`;
const db = database.db;
const tokens = accessTokenCodec(async () => new TextEncoder().encode(JWT_SECRET), systemClock, TOKEN_TTL_S);

interface BenchUser {
  userId: number;
  uniqueId: string;
  accountId: number;
  clientId: number;
  access: string;
  chatSession: string;
}

/** USERS people who accepted the chat terms, spread over the demo clients, each with an access token and a chat session. */
async function createUsers(): Promise<BenchUser[]> {
  const firms = (await db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(10)).map((c) => c.id);
  const tag = `${process.pid}-${Date.now()}`;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: USERS }, (_, i) => ({
        email: `chat-bench-${tag}-${i}@bench.demo`,
        firstName: 'Bench',
        lastName: `Chatter ${i}`,
        hasAcceptedChatTerms: true,
      })),
    )
    .returning({ id: users.id, uniqueId: users.uniqueId });
  const accounts = await db
    .insert(userAccounts)
    .values(
      people.map((p, i) => ({
        userId: p.id,
        clientId: firms[i % firms.length]!,
        roles: ['clientdealer' as const, 'user' as const],
      })),
    )
    .returning({ id: userAccounts.id, userId: userAccounts.userId, clientId: userAccounts.clientId });
  const byUser = new Map(accounts.map((a) => [a.userId, a]));
  const out: BenchUser[] = [];
  for (const person of people) {
    const account = byUser.get(person.id)!;
    const principal = (await loadPrincipal(db, account.id))!;
    const { token } = await ctx.services.chat.sessions.issue(principal, person.uniqueId);
    out.push({
      userId: person.id,
      uniqueId: person.uniqueId,
      accountId: account.id,
      clientId: account.clientId,
      chatSession: token,
      access: await tokens.sign({ userId: person.id, userAccountId: account.id, clientId: account.clientId }),
    });
  }
  return out;
}

async function call<T>(user: BenchUser, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${user.access}`, 'x-chat-session': user.chatSession },
    ...(payload && { payload }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** A channel `owner` creates with `invited`, every one of whom accepts. */
async function channelOf(
  owner: BenchUser,
  invited: readonly BenchUser[],
  customType: 'trading_group' | 'direct' | 'group',
  name = '',
): Promise<string> {
  const channel = await call<ChatChannel>(owner, 'POST', '/api/chat/channels/', {
    customType,
    name,
    invitedUserIds: invited.map((u) => u.uniqueId),
  });
  for (const user of invited) await call(user, 'POST', `/api/chat/channels/${channel.url}/accept/`);
  return channel.url;
}

interface Send {
  kind: 'group' | 'direct';
  mark: string;
  sentAt: number;
  members: number;
  /** When the POST answered (the write's share of the delay). */ answeredAt: number;
}
interface Result {
  p50: number;
  p99: number;
  everyMemberP99: number;
  delivered: number;
  expected: number;
}

function summarise(sends: readonly Send[], arrivals: Record<string, number[]>): Result {
  const each: number[] = [];
  const lastPerSend: number[] = [];
  let delivered = 0;
  for (const send of sends) {
    const times = arrivals[send.mark] ?? [];
    delivered += times.length;
    each.push(...times.map((t) => t - send.sentAt));
    if (times.length) lastPerSend.push(Math.max(...times) - send.sentAt);
  }
  return {
    p50: percentile(each, 50),
    p99: percentile(each, 99),
    everyMemberP99: percentile(lastPerSend, 99),
    delivered,
    expected: sends.reduce((n, s) => n + s.members, 0),
  };
}

/**
 * The schedule both runs follow: ROUNDS rounds `level.spacingMs` apart, each one trading-group
 * message and one message in each of `level.directsPerRound` direct chats (taken in turn), sends
 * not waiting for each other.
 */
async function runSchedule(
  level: Level,
  sendGroup: (round: number) => Promise<Send>,
  sendDirect: (chat: number, round: number) => Promise<Send>,
): Promise<Send[]> {
  const pending: Promise<Send>[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    pending.push(sendGroup(round));
    for (let k = 0; k < level.directsPerRound; k += 1) pending.push(sendDirect((round * level.directsPerRound + k) % DIRECT_CHATS, round));
    await sleep(level.spacingMs);
  }
  const sends = await Promise.all(pending);
  await sleep(1_000);
  return sends;
}

/** The baseline: a bare ws server; the first GROUP_SIZE sockets are the group, the next ones the direct pairs. */
async function baseline(level: Level): Promise<{ group: Result; direct: Result }> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await once(server, 'listening');
  server.on('connection', (ws) => ws.once('message', () => ws.send('{"ready":true}')));
  const clientsOpen = await openClients([`ws://127.0.0.1:${(server.address() as { port: number }).port}`], USERS);
  const sockets: WebSocket[] = [...server.clients];
  let seq = 0;
  const frame = async (kind: Send['kind'], to: readonly WebSocket[]): Promise<Send> => {
    seq += 1;
    const sentAt = now();
    const data = JSON.stringify({ seq });
    for (const ws of to) ws.send(data);
    return { kind, mark: String(seq), sentAt, members: to.length, answeredAt: now() };
  };
  const sends = await runSchedule(
    level,
    () => frame('group', sockets.slice(0, GROUP_SIZE)),
    (chat) => frame('direct', sockets.slice(GROUP_SIZE + chat * 2, GROUP_SIZE + chat * 2 + 2)),
  );
  const arrivals = await clientsOpen.report();
  server.close();
  return {
    group: summarise(
      sends.filter((s) => s.kind === 'group'),
      arrivals,
    ),
    direct: summarise(
      sends.filter((s) => s.kind === 'direct'),
      arrivals,
    ),
  };
}

interface Chats {
  group: readonly BenchUser[];
  groupUrl: string;
  pairs: (readonly [BenchUser, BenchUser])[];
  directUrls: string[];
}

/** The trading group (its first GROUP_SIZE users) and the direct chats (the next pairs), every member joined. */
async function createChats(people: readonly BenchUser[]): Promise<Chats> {
  const group = people.slice(0, GROUP_SIZE);
  const groupUrl = await channelOf(group[0]!, group.slice(1), 'trading_group', 'Bench trading group');
  const pairs = Array.from({ length: DIRECT_CHATS }, (_, i) => [people[GROUP_SIZE + i * 2]!, people[GROUP_SIZE + i * 2 + 1]!] as const);
  const directUrls: string[] = [];
  for (const [a, b] of pairs) directUrls.push(await channelOf(a, [b], 'direct'));
  return { group, groupUrl, pairs, directUrls };
}

let seq = 0;
/** The chat: every user's socket open, messages sent through the API. */
async function chat(
  level: Level,
  people: readonly BenchUser[],
  { group, groupUrl, pairs, directUrls }: Chats,
): Promise<{ group: Result; direct: Result; post: { p50: number; p99: number } }> {
  const tokenFile = join(dataDir, 'tokens.json');
  await writeFile(tokenFile, JSON.stringify(people.map((u) => u.access)));
  const clientsOpen = await openClients([liveUrl], people.length, `@${tokenFile}`);
  const send = async (kind: Send['kind'], from: BenchUser, url: string, members: number): Promise<Send> => {
    seq += 1;
    const sentAt = now();
    const message = await call<ChatMessage>(from, 'POST', `/api/chat/channels/${url}/messages/`, {
      reqId: `bench-${seq}`,
      message: `Bid 7.42 for 25 cr, #${seq}`,
    });
    return { kind, mark: `m${message.messageId}`, sentAt, members, answeredAt: now() };
  };
  const sends = await runSchedule(
    level,
    (round) => send('group', group[round % GROUP_SIZE]!, groupUrl, GROUP_SIZE),
    (i, round) => send('direct', pairs[i]![round % 2]!, directUrls[i]!, 2),
  );
  const arrivals = await clientsOpen.report();
  const answered = sends.map((s) => s.answeredAt - s.sentAt);
  return {
    group: summarise(
      sends.filter((s) => s.kind === 'group'),
      arrivals,
    ),
    direct: summarise(
      sends.filter((s) => s.kind === 'direct'),
      arrivals,
    ),
    post: { p50: percentile(answered, 50), p99: percentile(answered, 99) },
  };
}

interface PageTimes {
  times: number[];
  pages: number;
}

/** Pages through a HISTORY_MESSAGES channel, newest first, through the API; then the same pages as a plain indexed SELECT. */
async function history(a: BenchUser, b: BenchUser): Promise<{ api: PageTimes; select: PageTimes }> {
  const url = await channelOf(a, [b], 'group', 'Bench history');
  const [channel] = await db.select({ id: chatChannels.id }).from(chatChannels).where(eq(chatChannels.url, url));
  const channelId = channel!.id;
  const start = Date.now() - HISTORY_MESSAGES - 60_000;
  await db.execute(sql`insert into chat_messages (channel_id, sender_id, sender_account_id, req_id, message_type, message, created_at, updated_at)
    select ${channelId}, ${a.userId}, ${a.accountId}, 'history-' || g, 'user', 'Offer 7.40 for 10 cr, line ' || g,
      to_timestamp((${start}::bigint + g) / 1000.0), to_timestamp((${start}::bigint + g) / 1000.0)
    from generate_series(1, ${HISTORY_MESSAGES}) g`);
  const api: number[] = [];
  const bounds: (number | undefined)[] = [];
  let before: number | undefined;
  for (;;) {
    bounds.push(before);
    const t0 = now();
    const page = await call<{ messages: ChatMessage[]; has_more: boolean }>(
      b,
      'GET',
      `/api/chat/channels/${url}/messages/${before === undefined ? '' : `?before=${before}`}`,
    );
    api.push(now() - t0);
    if (!page.has_more) break;
    before = page.messages[0]!.createdAt;
  }
  const select: number[] = [];
  for (const bound of bounds) {
    const t0 = now();
    await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.channelId, channelId), bound === undefined ? undefined : lt(chatMessages.createdAt, new Date(bound))))
      .orderBy(desc(chatMessages.createdAt))
      .limit(CHAT_LIMITS.messagePageSize + 1);
    select.push(now() - t0);
  }
  return { api: { times: api, pages: api.length }, select: { times: select, pages: select.length } };
}

const fmt = (ms: number) => ms.toFixed(1).padStart(8);
const rows: string[] = [];
const deliveryRow = (label: string, r: Result, base?: Result) => {
  const ratio = base ? `${(r.p99 / base.p99).toFixed(1)}×` : '';
  rows.push(`${label.padEnd(34)} ${fmt(r.p50)} ${fmt(r.p99)} ${fmt(r.everyMemberP99)} ${ratio.padStart(7)}   ${r.delivered}/${r.expected}`);
};
const pageRow = (label: string, p: PageTimes, base?: PageTimes) => {
  const ratio = base ? `${(percentile(p.times, 99) / percentile(base.times, 99)).toFixed(1)}×` : '';
  rows.push(
    `${label.padEnd(34)} ${fmt(percentile(p.times, 50))} ${fmt(percentile(p.times, 99))} ${fmt(Math.max(...p.times))} ${ratio.padStart(7)}   ${p.pages} pages`,
  );
};

const people = await createUsers();
const chats = await createChats(people);
const runs: { level: Level; base: Awaited<ReturnType<typeof baseline>>; measured: Awaited<ReturnType<typeof chat>> }[] = [];
for (const level of LEVELS) runs.push({ level, base: await baseline(level), measured: await chat(level, people, chats) });
const pages = await history(people[GROUP_SIZE + DIRECT_CHATS * 2]!, people[GROUP_SIZE + DIRECT_CHATS * 2 + 1]!);
await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

process.stdout.write(
  `Chat on ${database.kind}: ${USERS} users connected (chat session + live socket each), a trading group of ${GROUP_SIZE} and ${DIRECT_CHATS} direct chats;\n`,
);
process.stdout.write(
  `each level: ${ROUNDS} rounds of 1 group message + N direct messages (ms; all p99 = until every member has it; ratio = p99 / baseline p99)\n`,
);
for (const { level, base, measured } of runs) {
  rows.push(
    `${`${level.name}: ${perSecond(level)} msg/s (N=${level.directsPerRound}, ${level.spacingMs} ms)`.padEnd(34)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'all p99'.padStart(8)} ${'ratio'.padStart(7)}   delivered`,
  );
  deliveryRow('  baseline (bare ws): group of 200', base.group);
  deliveryRow('  chat: trading group of 200', measured.group, base.group);
  deliveryRow('  baseline (bare ws): direct', base.direct);
  deliveryRow('  chat: direct chats', measured.direct, base.direct);
  rows.push(`${'  chat: the POST itself answered'.padEnd(34)} ${fmt(measured.post.p50)} ${fmt(measured.post.p99)}`);
}
rows.push(
  `${`history, ${HISTORY_MESSAGES} messages`.padEnd(34)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'ratio'.padStart(7)}`,
);
pageRow('baseline (indexed SELECT)', pages.select);
pageRow('chat: GET messages page', pages.api, pages.select);
process.stdout.write(`${rows.join('\n')}\n`);
for (const { level, measured } of runs) {
  const deliveryP99 = Math.max(measured.group.p99, measured.direct.p99);
  process.stdout.write(
    `Goal delivery p99 < ${GOAL_DELIVERY_P99_MS} ms (${level.name}): ${deliveryP99 < GOAL_DELIVERY_P99_MS ? 'met' : 'NOT met'} (${deliveryP99.toFixed(1)} ms)\n`,
  );
}
const pageP99 = percentile(pages.api.times, 99);
process.stdout.write(
  `Goal history page < ${GOAL_PAGE_MS} ms (p99): ${pageP99 < GOAL_PAGE_MS ? 'met' : 'NOT met'} (${pageP99.toFixed(1)} ms)\n`,
);
process.exit(0);
