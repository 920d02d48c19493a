/**
 * The demo market simulator on the injected clock: nothing happens until time moves; then
 * simulated firms (never the demo logins' clients) post quotes priced by the engine around each
 * bond's model yield, some sent to RFQ, and negotiate among themselves — never on a user's quote.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDateOf } from '../../src/shared/businessDate';
import { clients, clusters, eois, finstruments } from '../../src/server/db/schema';
import { createMarketSimulator } from '../../src/server/domain/trading/marketSimulator';
import { priceQuote } from '../../src/server/domain/trading/quotePricing';
import { marketYield } from '../../src/server/domain/pricing/marketQuote';
import { DEMO_CLIENT_SLUGS } from '../../src/server/seed/data/clientList';
import { bearer, signIn } from './helpers/signIn';
import { createTestApp, type TestApp } from './helpers/testApp';
import { tradableBond } from './helpers/tradableBond';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EVERY_MS = 1_000;

describe('market simulator', () => {
  it('moves only with the clock: simulated firms quote around the model yield through the engine and negotiate among themselves', async () => {
    const db = t.ctx.database.db;
    const demoClientIds = (
      await db
        .select({ id: clients.id })
        .from(clients)
        .where(inArray(clients.slug, Object.values(DEMO_CLIENT_SLUGS)))
    ).map((c) => c.id);
    const bond = await tradableBond(db);
    const dealer = bearer((await signIn(t.app, 'clientdealer@arihant.demo')).access);
    const userQuote = await t.app.inject({
      method: 'POST',
      url: '/api/trade/eoi/',
      headers: dealer,
      payload: { finstrument_id: bond.id, quantum: bond.faceValue * 10, yield_stored: 0.0825 },
    });
    expect(userQuote.statusCode).toBe(201);

    const errors: unknown[] = [];
    const simulator = createMarketSimulator({ db, clock: t.clock, timers: t.clock, trading: t.ctx.services.trading });
    const run = simulator.start(EVERY_MS, (error) => errors.push(error));
    const simulated = () => db.select().from(eois).where(notInArray(eois.clientId, demoClientIds));
    await run.idle();
    expect(await simulated()).toEqual([]);

    for (let i = 0; i < 60; i += 1) {
      t.clock.advance(EVERY_MS);
      await run.idle();
    }
    await run.stop();
    expect(errors).toEqual([]);

    const quotes = await simulated();
    expect(quotes.length).toBeGreaterThan(10);
    expect(quotes.every((q) => q.source === 'SIMULATOR')).toBe(true);
    expect(quotes.some((q) => q.exchangeQuoteId !== null)).toBe(true);
    // Desk-sized: ₹1–25 crore of face value (not a handful of ₹100 G-sec bonds).
    expect(quotes.every((q) => q.quantum >= 10_000_000 && q.quantum < 260_000_000)).toBe(true);
    const today = businessDateOf(t.clock.now());
    for (const quote of quotes.slice(0, 10)) {
      const [row] = await db.select().from(finstruments).where(eq(finstruments.id, quote.finstrumentId));
      // Priced by the engine: the price is the engine's for the quoted yield on its settlement date.
      expect(priceQuote(row!, quote.settlementDate, { yield: Number(quote.yield) }).price).toBe(quote.unitPrice);
      const model = await marketYield(db, row!, today, quote.settlementDate);
      expect(Math.abs(Number(quote.yield) - model!.yield)).toBeLessThanOrEqual(0.0015 + 1e-9);
    }

    const negotiations = await db.select().from(clusters).where(notInArray(clusters.ownerClientId, demoClientIds));
    expect(negotiations.length).toBeGreaterThan(0);
    expect(negotiations.every((c) => !demoClientIds.includes(c.responderClientId))).toBe(true);
    expect(negotiations.some((c) => c.revision > 0 || c.status === 'confirmed')).toBe(true);
    const onUserQuote = await db
      .select()
      .from(clusters)
      .where(and(eq(clusters.eoiId, userQuote.json().id)));
    expect(onUserQuote).toEqual([]);

    // Stopped: time moves on, the market does not.
    const after = (await simulated()).length;
    t.clock.advance(EVERY_MS * 10);
    expect((await simulated()).length).toBe(after);
  });
});
