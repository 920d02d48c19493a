/**
 * Scale-out, for real: two server processes over one PostgreSQL and one Redis behind a small proxy
 * (the load balancer's stand-in). A socket on instance A receives an event caused through instance
 * B; `kill -9` of A makes the client reconnect through the proxy to B and resynchronise through
 * `refresh`; every committed event still reaches the bus. Runs when the API tests run on PostgreSQL
 * with TEST_REDIS_URL set (CI).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRedisBus, type Bus } from '../../src/server/events/bus';
import { LIVE_EVENTS_CHANNEL } from '../../src/server/events/consumers';
import { LIVE_PATH } from '../../src/shared/contracts/live';
import { LiveSocket } from './helpers/liveSocket';
import { httpTo, reconnect, startInstance, type Instance } from './helpers/serverInstances';
import { databaseUrl } from './helpers/postgresUrls';
import { startProxy, type Proxy } from './helpers/tcpProxy';
import { TEST_DEMO_PASSWORD } from './setup/seedTemplate';

const template = inject('testDatabase');
const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `kosh-scale-${process.pid}-${Date.now()}:`;
const dbName = `kosh_scale_${randomBytes(5).toString('hex')}`;

const runs = template.kind === 'postgres' && Boolean(redisUrl);
let admin: pg.Client;
let db: pg.Client;
let a: Instance;
let b: Instance;
let proxy: Proxy;
let observer: Bus;
const published: number[] = [];

beforeAll(async () => {
  if (!runs || template.kind !== 'postgres') return;
  admin = new pg.Client({ connectionString: template.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${template.template}`);
  const dbUrl = databaseUrl(template.adminUrl, dbName);
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  [a, b] = await Promise.all([startInstance(dbUrl, redisUrl!, prefix), startInstance(dbUrl, redisUrl!, prefix)]);
  proxy = await startProxy([a.port, b.port]);
  observer = await createRedisBus(redisUrl!, prefix);
  await observer.subscribe(LIVE_EVENTS_CHANNEL, (message) => published.push(Number(message.id)));
}, 120_000);

afterAll(async () => {
  if (!runs) return;
  for (const instance of [a, b]) instance?.child.kill('SIGKILL');
  await proxy?.close();
  await observer?.close();
  await db?.end();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin?.end();
});

describe.skipIf(!runs)('two instances behind a proxy over one PostgreSQL and one Redis', () => {
  it('fans out across instances, survives kill -9 of one, and loses no committed event', async () => {
    const viaB = httpTo(b.port);
    const signIn = async (email: string) =>
      (await viaB('POST', '/api/token/', { email, password: TEST_DEMO_PASSWORD })).json.access as string;
    const adminToken = await signIn('clientopsadmin@arihant.demo');
    const userToken = await signIn('user@arihant.demo');
    const accounts = (await viaB('GET', '/api/useraccounts/?search=user%40arihant', undefined, adminToken)).json.results as {
      id: number;
      email: string;
    }[];
    const target = accounts.find((x) => x.email === 'user@arihant.demo')!;
    const changeRoles = async (roles: string[]) =>
      expect((await viaB('PUT', '/api/client/user/', { user_account_id: target.id, roles }, adminToken)).status).toBe(200);
    const url = `ws://127.0.0.1:${proxy.port}${LIVE_PATH}`;
    const before = Number((await db.query('SELECT coalesce(max(id), 0) AS id FROM events')).rows[0].id);

    // The proxy sends the socket to A; the change is made through B.
    const onA = await LiveSocket.signedIn(url, userToken);
    await changeRoles(['user', 'clientdealer']);
    expect(await onA.next()).toMatchObject({ type: 'refresh', reason: 'access_changed' });

    a.child.kill('SIGKILL');
    await onA.closed;
    // The client reconnects through the proxy (retrying, as its backoff does, while A's port dies),
    // lands on B and is told to refetch everything.
    const onB = await reconnect(url, userToken);
    await changeRoles(['user']);
    expect(await onB.next()).toMatchObject({ type: 'refresh', reason: 'access_changed' });
    onB.close();

    // Every event committed during the test reached the bus (at least once), across the kill.
    const committed = (await db.query('SELECT id FROM events WHERE id > $1 ORDER BY id', [before])).rows.map((r) => Number(r.id));
    expect(committed.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => committed.filter((id) => !published.includes(id)), { timeout: 5_000 }).toEqual([]);
  }, 60_000);
});
