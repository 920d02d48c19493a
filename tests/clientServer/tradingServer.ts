/**
 * The real app for component tests of the trading dialogs, in its own Node process (the client
 * tests run in jsdom, where the server's crypto and PGlite cannot): a freshly migrated and seeded
 * PGlite, the app on the test clock, listening on a free loopback port. It prints one line
 * `READY {port, bond}` and then obeys one JSON command per stdin line, answering `DONE <n>`:
 *   {"reject": "NSE" | "BSE", "reason": string | null}  the exchange simulator rejects (null: confirms)
 *   {"reprice": clusterId, "price": number}           the quote on the table moves (as if re-negotiated)
 * Run with tsx; it ends when stdin closes.
 */
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { buildApp } from '../../src/server/app';
import { createAppContext } from '../../src/server/appContext';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { clusters } from '../../src/server/db/schema';
import { createMemoryBus } from '../../src/server/events/bus';
import { simulatedTime } from '../../src/shared/timers';
import { TEST_NOW } from '../api/helpers/testApp';
import { tradableBond } from '../api/helpers/tradableBond';
import { migrateAndSeed } from '../api/setup/seedTemplate';

const database = await openDatabase({ kind: 'pglite' });
await migrateAndSeed(database);
const clock = simulatedTime(TEST_NOW);
const ctx = createAppContext({
  config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000' }),
  database,
  clock,
  timers: clock,
  build: { version: '9.9.9-test', id: 'test-build' },
  bus: createMemoryBus(),
  log: pino({ level: 'silent' }),
  ready: true,
});
const app = await buildApp(ctx);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const bond = await tradableBond(database.db);
process.stdout.write(
  `READY ${JSON.stringify({ port, bond: { id: bond.id, name: bond.displayName, faceValue: bond.faceValue, isin: bond.isin } })}\n`,
);

let done = 0;
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const command = JSON.parse(line) as { reject?: 'NSE' | 'BSE'; reason?: string | null; reprice?: number; price?: number };
  if (command.reject) ctx.services.trading.exchanges[command.reject].behave({ rejectWith: command.reason ?? null, delayMs: 0 });
  if (command.reprice !== undefined)
    await database.db
      .update(clusters)
      .set({ unitPrice: String(command.price) })
      .where(eq(clusters.id, command.reprice));
  done += 1;
  process.stdout.write(`DONE ${done}\n`);
}
await app.close();
await database.close();
process.exit(0);
