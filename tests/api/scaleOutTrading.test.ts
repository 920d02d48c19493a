/**
 * The two-firm trading loop across two real instances on one PostgreSQL and one Redis (issue #27
 * item 8): dealer A's quote posted on instance 1 reaches dealer B on instance 2 live; B's response
 * reaches A live; instance 1 is killed (kill -9) while A's writes are in flight, and every write it
 * acknowledged is kept, A's socket reconnects through the proxy to instance 2 and catches up, and
 * the deal is done there. A third instance stopped with SIGTERM tells its sockets to reconnect and
 * exits cleanly. Runs on PostgreSQL with TEST_REDIS_URL (CI must set both).
 */
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { eois } from '../../src/server/db/schema';
import { LIVE_CLOSE, LIVE_PATH, type LiveServerMessage } from '../../src/shared/contracts/live';
import { LiveSocket } from './helpers/liveSocket';
import { databaseUrl } from './helpers/postgresUrls';
import { httpTo, reconnect, startInstance, type Instance } from './helpers/serverInstances';
import { startProxy, type Proxy } from './helpers/tcpProxy';
import { tradableBond, type BondRow } from './helpers/tradableBond';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

const template = inject('testDatabase');
const redisUrl = process.env.TEST_REDIS_URL;
if (template.kind === 'postgres' && !redisUrl && process.env.CI === 'true') throw new Error('TEST_REDIS_URL must be set in CI');
const runs = template.kind === 'postgres' && Boolean(redisUrl);
const prefix = `kosh-trade-${process.pid}-${Date.now()}:`;
const dbName = `kosh_trade_${randomBytes(5).toString('hex')}`;

let admin: pg.Client;
let dbUrl: string;
let database: Database;
let one: Instance;
let two: Instance;
let proxy: Proxy;
let bond: BondRow;

/** Reads the socket until a message matching `wanted` arrives. */
async function until(socket: LiveSocket, wanted: (m: LiveServerMessage) => boolean): Promise<LiveServerMessage> {
  for (;;) {
    const message = await socket.next();
    if (wanted(message)) return message;
  }
}

beforeAll(async () => {
  if (!runs || template.kind !== 'postgres') return;
  admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template.template}`);
  dbUrl = databaseUrl(template.adminUrl, dbName);
  database = await openDatabase({ kind: 'postgres', url: dbUrl });
  bond = await tradableBond(database.db);
  // The market never closes here, whatever the hour the suite runs at.
  const open = { MARKET_HOURS: 'open' };
  [one, two] = await Promise.all([startInstance(dbUrl, redisUrl!, prefix, open), startInstance(dbUrl, redisUrl!, prefix, open)]);
  proxy = await startProxy([one.port, two.port]);
}, 120_000);

afterAll(async () => {
  if (!runs) return;
  for (const instance of [one, two]) instance?.child.kill('SIGKILL');
  await proxy?.close();
  await database?.close();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin?.end();
});

describe.skipIf(!runs)('two firms trading across two instances', () => {
  it('keeps every acknowledged write when an instance is killed mid-trade, and the trade finishes on the other', async () => {
    const viaOne = httpTo(one.port);
    const viaTwo = httpTo(two.port);
    const viaProxy = httpTo(proxy.port);
    const signIn = async (via: typeof viaOne, email: string) =>
      (await via('POST', '/api/token/', { email, password: TEST_DEMO_PASSWORD })).json.access as string;
    const dealerA = await signIn(viaOne, 'clientdealer@arihant.demo');
    const dealerB = await signIn(viaTwo, 'clientdealer@vasuki.demo');
    const bid = { finstrument_id: bond.id, quantum: bond.faceValue * 10, yield_stored: 0.0825 };
    // Dealer A's browser reaches instance 1 through the proxy; dealer B's socket is on instance 2.
    const proxyFeed = `ws://127.0.0.1:${proxy.port}${LIVE_PATH}`;
    const feedA = await LiveSocket.signedIn(proxyFeed, dealerA);
    const feedB = await LiveSocket.signedIn(`ws://127.0.0.1:${two.port}${LIVE_PATH}`, dealerB);

    const quote = await viaOne('POST', '/api/trade/eoi/', bid, dealerA);
    expect(quote.status, JSON.stringify(quote.json)).toBe(201);
    await until(feedB, (m) => m.type === 'updates' && m.topic === 'eois' && m.rows.some((r) => String(r.id) === String(quote.json.id)));
    const negotiation = await viaTwo(
      'POST',
      '/api/eoi/add-negotiation/',
      { respond_eoi_id: quote.json.id, unit_price_stored: 99.25 },
      dealerB,
    );
    expect(negotiation.status).toBe(201);
    await until(
      feedA,
      (m) => m.type === 'rfq_negotiation' && String(m.negotiation_id) === String(negotiation.json.id) && m.action === 'opened',
    );

    // Mid-trade: dealer A's next quotes are in flight on instance 1 when it is killed.
    const burst = Array.from({ length: 20 }, () => viaOne('POST', '/api/trade/eoi/', bid, dealerA).catch(() => null));
    await Promise.race(burst);
    one.child.kill('SIGKILL');
    const answers = await Promise.all(burst);
    const acknowledged = answers.flatMap((r) => (r?.status === 201 ? [Number(r.json.id)] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    // Every quote instance 1 acknowledged before it died is in the database the survivor serves.
    const stored = await database.db.select({ id: eois.id }).from(eois).where(inArray(eois.id, acknowledged));
    expect(stored.map((r) => r.id).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));

    // Dealer A's socket ends with instance 1; the client reconnects through the proxy to instance 2 and refetches.
    await feedA.closed;
    const feedA2 = await reconnect(proxyFeed, dealerA);
    const seen = (await viaProxy('GET', `/api/cluster/${negotiation.json.id}/`, undefined, dealerA)).json.figures as {
      unit_clean_price: number;
      bond_yield: number;
      total_accrued_interest: string;
    };
    const accepted = await viaProxy(
      'POST',
      `/api/cluster/${negotiation.json.id}/accept/`,
      {
        unit_clean_price: seen.unit_clean_price,
        bond_yield: seen.bond_yield,
        total_accrued_interest: seen.total_accrued_interest,
        exchange: 'NSE',
      },
      dealerA,
    );
    expect(accepted.status).toBe(200);
    expect(accepted.json.status).toBe('confirmed');
    const confirmed = (m: LiveServerMessage) =>
      m.type === 'rfq_negotiation' && String(m.negotiation_id) === String(negotiation.json.id) && m.action === 'confirmed';
    await until(feedA2, confirmed);
    await until(feedB, confirmed);
    feedA2.close();
    feedB.close();
  }, 120_000);

  it('a third instance stopped with SIGTERM tells its sockets to reconnect and exits cleanly', async () => {
    const three = await startInstance(dbUrl, redisUrl!, prefix, { SHUTDOWN_TIMEOUT_MS: '3000' });
    const token = (await httpTo(three.port)('POST', '/api/token/', { email: 'clientdealer@arihant.demo', password: TEST_DEMO_PASSWORD }))
      .json.access as string;
    const feed = await LiveSocket.signedIn(`ws://127.0.0.1:${three.port}${LIVE_PATH}`, token);
    three.child.kill('SIGTERM');
    expect(await feed.closed).toEqual({ code: LIVE_CLOSE.serverStopping.code, reason: LIVE_CLOSE.serverStopping.reason });
    expect(await three.exited).toBe(0);
  }, 120_000);
});
