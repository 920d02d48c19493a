/**
 * The demo market (issue #14): simulated firms — seeded demo clients other than the demo logins'
 * — post bids and offers around each bond's model yield, send some to RFQ, answer each other's
 * quotes, counter and accept, so /dart is alive after `npm start`. They act through the same
 * trading service calls as a user, as their own dealers, and only ever on their own quotes and
 * negotiations. Runs on the injected timers and clock; one action per tick, never overlapping.
 */
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import { CLUSTER_NEGOTIATING, CLUSTER_OWNER_TO_ACT, EOI_ON_MARKET } from '../../../../machines/stateSets.js';
import { businessDateOf } from '../../../shared/businessDate.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import { type ClusterView, type CreateEoi, createEoiSchema, type EoiView } from '../../../shared/contracts/trading.js';
import type { Timers } from '../../../shared/timers.js';
import { CRORE } from '../../../shared/money.js';
import type { Db } from '../../db/database.js';
import { clients, clusters, eois, finstruments, permissions, userAccounts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { DEMO_CLIENT_SLUGS } from '../../seed/data/clientList.js';
import { createRng, type Rng } from '../../seed/rng.js';
import { loadPrincipal } from '../auth/accounts.js';
import type { FinstrumentRow } from '../instruments/terms.js';
import { marketYield } from '../pricing/marketQuote.js';
import { resolveSettlement } from '../pricing/settlement.js';

/** The trading calls a simulated firm makes, as any dealer would. */
export interface TradingActions {
  createEoi(principal: Principal, input: CreateEoi): Promise<EoiView>;
  expireEoi(principal: Principal, id: number): Promise<EoiView>;
  respond(principal: Principal, body: unknown): Promise<ClusterView>;
  cluster(principal: Principal, id: number): Promise<ClusterView>;
  updateCluster(principal: Principal, id: number, body: unknown): Promise<ClusterView>;
  acceptCluster(principal: Principal, id: number, body: unknown): Promise<ClusterView>;
}

export interface SimulatorDeps {
  db: Db;
  clock: Clock;
  timers: Timers;
  trading: TradingActions;
}

/** Firms and bonds the simulator trades; a few, so the demo market has depth on each bond. */
const MAX_FIRMS = 6;
const MAX_BONDS = 15;
/** Above this many live simulated quotes, a firm takes its oldest off instead of posting. */
const MAX_LIVE_QUOTES = 80;
const BP = 0.0001;

/** A desk-sized quantum: `crores` ₹ crore of face value in whole bonds (a G-sec's ₹100 bond and a ₹1 lakh NCD alike). */
export const deskSize = (faceValue: number, crores: number): number => Math.ceil((crores * CRORE) / faceValue) * faceValue;

const ACTIONS = [
  ['post', 45],
  ['respond', 25],
  ['counter', 15],
  ['accept', 10],
  ['expire', 5],
] as const;
type Action = (typeof ACTIONS)[number][0];

/** Active dealers of seeded clients that are not the demo logins' clients: the simulated firms. */
async function loadFirms(db: Db): Promise<Map<number, Principal>> {
  const rows = await db
    .selectDistinct({ id: userAccounts.id, clientId: userAccounts.clientId })
    .from(userAccounts)
    .innerJoin(clients, eq(clients.id, userAccounts.clientId))
    .innerJoin(permissions, eq(permissions.userAccountId, userAccounts.id))
    .where(
      and(
        eq(userAccounts.status, 'active'),
        eq(permissions.code, 'client.can_trade'),
        notInArray(clients.slug, Object.values(DEMO_CLIENT_SLUGS)),
        // The venue operator runs the market, it never trades in it.
        eq(clients.isOperator, false),
      ),
    )
    .orderBy(asc(userAccounts.id));
  const firms = new Map<number, Principal>();
  for (const row of rows) {
    if (firms.size >= MAX_FIRMS || firms.has(row.clientId)) continue;
    const principal = await loadPrincipal(db, row.id);
    if (principal) firms.set(row.clientId, principal);
  }
  return firms;
}

/** The simulated firms, read once (a failed read is tried again): the demo counterparties other services act for. */
export function simulatedFirmsOf(db: Db): () => Promise<ReadonlyMap<number, Principal>> {
  let firms: Promise<ReadonlyMap<number, Principal>> | null = null;
  return () =>
    (firms ??= loadFirms(db).catch((error: unknown) => {
      firms = null;
      throw error;
    }));
}

/** Plain coupon bonds the engine prices (no calls or puts), maturing well after today. */
function loadBonds(db: Db, today: string): Promise<FinstrumentRow[]> {
  return db
    .select()
    .from(finstruments)
    .where(
      and(
        eq(finstruments.available, true),
        gt(finstruments.frequency, 0),
        gt(finstruments.maturityDate, sql`(${today}::date + interval '2 years')::date`),
        sql`${finstruments.callSchedule} = '[]'::jsonb`,
        sql`${finstruments.putSchedule} = '[]'::jsonb`,
      ),
    )
    .orderBy(asc(finstruments.id))
    .limit(MAX_BONDS);
}

export function createMarketSimulator({ db, clock, timers, trading }: SimulatorDeps, seed = 'market-simulator') {
  const rng: Rng = createRng(seed);
  let universe: Promise<{ firms: Map<number, Principal>; bonds: FinstrumentRow[] }> | null = null;
  const load = () =>
    (universe ??= (async () => ({ firms: await loadFirms(db), bonds: await loadBonds(db, businessDateOf(clock.now())) }))());

  const liveQuotes = (firmIds: number[]) =>
    db
      .select()
      .from(eois)
      .where(and(inArray(eois.clientId, firmIds), inArray(eois.status, EOI_ON_MARKET), gt(eois.expiresAt, clock.now())))
      .orderBy(asc(eois.createdAt), asc(eois.id));
  const openNegotiations = (firmIds: number[]) =>
    db
      .select()
      .from(clusters)
      .where(
        and(
          inArray(clusters.ownerClientId, firmIds),
          inArray(clusters.responderClientId, firmIds),
          inArray(clusters.status, CLUSTER_NEGOTIATING),
        ),
      )
      .orderBy(asc(clusters.id));

  /** A bid a few basis points above the model yield (a lower price), an offer a few below. */
  async function post(firm: Principal, bonds: FinstrumentRow[]): Promise<boolean> {
    const bond = rng.pick(bonds);
    const settlement = await resolveSettlement(db, clock, { settlement_delta: 1 });
    const model = await marketYield(db, bond, businessDateOf(clock.now()), settlement);
    if (!model) return false;
    const quoteType = rng.chance(0.5) ? 'BID' : 'ASK';
    const offset = rng.int(1, 15) * BP * (quoteType === 'BID' ? 1 : -1);
    const yieldStored = Number(Math.min(0.5, Math.max(0.001, model.yield + offset)).toFixed(6));
    // The payload goes through the create contract like a user's request.
    await trading.createEoi(
      firm,
      createEoiSchema.parse({
        finstrument_id: bond.id,
        quantum: deskSize(bond.faceValue, rng.int(1, 25)),
        yield_stored: yieldStored,
        quote_type: quoteType,
        settlement_delta: 1,
        validity: rng.int(5, 120),
        source: 'SIMULATOR',
        send_to_rfq: rng.chance(0.3),
        rfq_mode: 'OTM',
        anonymous: rng.chance(0.3),
      }),
    );
    return true;
  }

  /** Another firm answers a simulated quote a little on its own side of the quote's price. */
  async function respond(firms: Map<number, Principal>): Promise<boolean> {
    const quotes = (await liveQuotes([...firms.keys()])).filter((q) => q.rfqMode === 'OTM');
    if (quotes.length === 0) return false;
    const quote = rng.pick(quotes);
    const others = [...firms.values()].filter((f) => f.clientId !== quote.clientId);
    if (others.length === 0) return false;
    const towardsMe = quote.quoteType === 'BID' ? 1 : -1;
    const price = Number(quote.unitPrice) + (towardsMe * rng.int(5, 40)) / 100;
    await trading.respond(rng.pick(others), { respond_eoi_id: quote.id, unit_price_stored: Number(price.toFixed(2)) });
    return true;
  }

  /** The party whose turn it is concedes a little (counter) or takes the quote on the table (accept). */
  async function negotiate(firms: Map<number, Principal>, how: 'counter' | 'accept'): Promise<boolean> {
    const open = await openNegotiations([...firms.keys()]);
    if (open.length === 0) return false;
    const row = rng.pick(open);
    const actor = firms.get(CLUSTER_OWNER_TO_ACT.includes(row.status) ? row.ownerClientId : row.responderClientId);
    if (!actor) return false;
    const view = await trading.cluster(actor, row.id);
    if (how === 'accept' || view.revision >= 3) {
      const [eoi] = await db.select({ exchange: eois.exchange }).from(eois).where(eq(eois.id, row.eoiId));
      await trading.acceptCluster(actor, row.id, { ...view.figures, exchange: eoi?.exchange ?? 'NSE' });
      return true;
    }
    const concede = ((view.my_side === 'BUY' ? 1 : -1) * rng.int(1, 10)) / 100;
    const price = Number((view.figures.unit_clean_price + concede).toFixed(2));
    await trading.updateCluster(actor, row.id, view.my_side === 'BUY' ? { buyer_price: price } : { seller_price: price });
    return true;
  }

  async function expireOldest(firms: Map<number, Principal>): Promise<boolean> {
    const [oldest] = (await liveQuotes([...firms.keys()])).filter((q) => q.status === 'live');
    const owner = oldest && firms.get(oldest.clientId);
    if (!oldest || !owner) return false;
    await trading.expireEoi(owner, oldest.id);
    return true;
  }

  /** One market action; falls back to posting a quote when the chosen action has nothing to act on. */
  async function tick(): Promise<void> {
    const { firms, bonds } = await load();
    if (firms.size < 2 || bonds.length === 0) return;
    const crowded = (await liveQuotes([...firms.keys()])).length >= MAX_LIVE_QUOTES;
    const action: Action = crowded ? 'expire' : rng.weighted(ACTIONS);
    const firm = rng.pick([...firms.values()]);
    try {
      const acted =
        action === 'respond'
          ? await respond(firms)
          : action === 'counter' || action === 'accept'
            ? await negotiate(firms, action)
            : action === 'expire'
              ? await expireOldest(firms)
              : false;
      if (!acted && !crowded) await post(firm, bonds);
    } catch (error) {
      // A quote that expired or moved between reading and acting is refused like a user's would be.
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
  }

  return {
    tick,
    /** Runs `tick` every `everyMs` on the injected timers; `idle` waits for the actions started, `stop` also ends the timer. */
    start(everyMs: number, onError: (error: unknown) => void) {
      let current: Promise<unknown> = Promise.resolve();
      const cancel = timers.every(everyMs, () => {
        current = current.then(tick).catch(onError);
      });
      const idle = async () => {
        await current;
      };
      return {
        idle,
        stop: async () => {
          cancel();
          await idle();
        },
      };
    },
  };
}
