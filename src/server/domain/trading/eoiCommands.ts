/**
 * EOI commands (spec 01 §4 EOI actions): create, update, expire, close. Each runs in one
 * transaction that locks the row, applies the EOI machine and appends its event (DESIGN §3). The
 * order of checks is the issue's: access control already passed (401/403 by role); then visibility
 * (404) and ownership (403); then the body (400); then the machine (409).
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { EOI_ON_MARKET } from '../../../../machines/stateSets.js';
import type { z } from 'zod';
import { eoiMachine } from '../../../../machines/eoi.machine.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import type { Clock } from '../../../shared/clock.js';
import {
  type CloseEoi,
  closeEoiSchema,
  type CloseEois,
  type CreateEoi,
  type EoiView,
  type RfqPlatform,
  NEGOTIATION_MESSAGES,
  TRADING_MESSAGES,
  type UpdateEoi,
  updateEoiSchema,
  VALIDITY_MAX_MINUTES,
} from '../../../shared/contracts/trading.js';
import type { Exchange } from '../../../shared/enums.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { clientBrokers, clients, eois, finstruments, orders, permissions, userAccounts } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { appendEvent } from '../../events/eventLog.js';
import type { FinstrumentRow } from '../instruments/terms.js';
import { endOpenClusters } from './clusterEnding.js';
import { eoiView, type EoiRow, findEoi, isVisibleTo, lockEoi } from './eoiRepository.js';
import { accepts, applyEvent, initialSnapshot, statusOf, type StoredSnapshot } from '../lifecycle.js';
import { checkMayOverride, checkWholeBonds, invalid, optionFor, priceQuote, settlementFor, withOverride } from './quotePricing.js';
import { type ClusterRow, type DealRow, figuresFor } from './clusterRepository.js';
import type { Exchanges } from '../../exchanges/rfqSimulator.js';
import { endOfValidity, isMarketOpen, type MarketHours, quoteExpiry } from './timings.js';

/**
 * Books a deal the exchange confirmed as an order, in the transaction that records the confirmation:
 * the orders area's, given to trading at composition (trading does not import orders).
 */
export type DealBooker = (
  tx: DbOrTx,
  clock: Clock,
  deal: DealRow,
  cluster: ClusterRow,
  eoi: EoiRow,
  actorUserId: number | null,
) => Promise<unknown>;

export interface TradingDeps {
  db: Db;
  clock: Clock;
  marketHours: MarketHours;
  exchanges: Exchanges;
  bookDeal: DealBooker;
}

/** The RFQ platform of each clearing corporation a client may use (DOMAIN.md §1). */
export const PLATFORM_OF: Record<Exchange, RfqPlatform> = { NSCCL: 'NSE', ICCL: 'BSE' };

/** Parses a body with a contract after the tenancy checks, as a 400 in the API's error shape. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'non_field_errors'] ??= issue.message;
  throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message, fields);
}

const settlementOf = (tx: DbOrTx, clock: Clock, input: { settlement?: string | null; settlement_delta?: number | null }) =>
  settlementFor(tx, clock, { settlement_date: input.settlement, settlement_delta: input.settlement_delta }, 'settlement');

export async function tradableBond(tx: DbOrTx, id: number): Promise<FinstrumentRow> {
  const [row] = await tx.select().from(finstruments).where(eq(finstruments.id, id));
  if (!row) throw invalid('finstrument_id', TRADING_MESSAGES.bondUnknown);
  if (!row.available) throw invalid('finstrument_id', TRADING_MESSAGES.bondNotTradable);
  return row;
}

/**
 * The quote's RFQ platform: the one asked, else the clearing corporation's (NSE↔NSCCL, BSE↔ICCL;
 * the two must agree), else the client's first; always one the client is allowed on.
 */
async function platformFor(
  tx: DbOrTx,
  clientId: number,
  input: Pick<CreateEoi, 'exchange' | 'clearing_corporation'>,
): Promise<RfqPlatform> {
  const viaCorp = input.clearing_corporation ? PLATFORM_OF[input.clearing_corporation] : undefined;
  if (viaCorp && input.exchange && viaCorp !== input.exchange)
    throw invalid('clearing_corporation', TRADING_MESSAGES.clearingCorporationMismatch);
  const asked = input.exchange ?? viaCorp;
  const [client] = await tx.select({ allowed: clients.allowedExchanges }).from(clients).where(eq(clients.id, clientId));
  const platforms = (client?.allowed ?? []).flatMap((corp) => (corp in PLATFORM_OF ? [PLATFORM_OF[corp as Exchange]] : []));
  if (asked) {
    if (!platforms.includes(asked))
      throw invalid(input.exchange ? 'exchange' : 'clearing_corporation', TRADING_MESSAGES.exchangeNotAllowed);
    return asked;
  }
  const first = platforms[0];
  if (!first) throw invalid('exchange', TRADING_MESSAGES.noExchange);
  return first;
}

/** The account the quote is entered for: the caller's, or another active can_trade user of the same client (403 otherwise). */
async function ownerAccountFor(tx: DbOrTx, principal: Principal, asked: number | null | undefined): Promise<number> {
  if (!asked || asked === principal.userAccountId) return principal.userAccountId;
  const [trader] = await tx
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .innerJoin(permissions, and(eq(permissions.userAccountId, userAccounts.id), eq(permissions.code, 'client.can_trade')))
    .where(and(eq(userAccounts.id, asked), eq(userAccounts.clientId, principal.clientId), eq(userAccounts.status, 'active')));
  if (!trader)
    throw new AppError('FORBIDDEN', TRADING_MESSAGES.userAccountNotTrader, { user_account_id: TRADING_MESSAGES.userAccountNotTrader });
  return trader.id;
}

/** The order a quote re-offers: one the caller's client bought or sold; any other id reads as unknown. */
async function originTradeFor(tx: DbOrTx, principal: Principal, id: number | null | undefined): Promise<number | null> {
  if (!id) return null;
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), or(eq(orders.buyerClientId, principal.clientId), eq(orders.sellerClientId, principal.clientId))));
  if (!order) throw invalid('origin_trade', TRADING_MESSAGES.originTradeUnknown);
  return order.id;
}

/** `fixed_field`, when sent, must name the figure the user gave (with an override the yield is the fixed one). */
function checkFixedField(input: CreateEoi): void {
  if (!input.fixed_field) return;
  const gave = input.unit_price_stored !== undefined ? 'PRICE' : 'YIELD';
  if (input.fixed_field !== gave) throw invalid('fixed_field', TRADING_MESSAGES.fixedFieldMismatch);
}

/**
 * When a new quote stops being live: its validity (minutes, or the absolute `expiry_date_stored`
 * within the same bounds), or its client's mandate if that ends first. A mandate already over is a 400.
 */
function expiryFor(hours: MarketHours, now: Date, input: CreateEoi): Date {
  const mandate = input.mandate_expires_at ?? null;
  if (mandate && mandate <= now) throw invalid('mandate_expires_at', TRADING_MESSAGES.mandatePast);
  const absolute = input.expiry_date_stored;
  const minutes = absolute ? (absolute.getTime() - now.getTime()) / 60_000 : null;
  if (minutes !== null && (minutes < 1 || minutes > VALIDITY_MAX_MINUTES))
    throw invalid('expiry_date_stored', TRADING_MESSAGES.expiryBounds);
  return quoteExpiry(absolute ?? endOfValidity(hours, now, input.validity), mandate);
}

async function otoClientFor(tx: DbOrTx, principal: Principal, input: CreateEoi): Promise<number | null> {
  // Details without the OTO mode would silently publish a quote meant for one client.
  if (input.rfq_mode !== 'OTO') {
    if (input.oto_participant_details) throw invalid('oto_participant_details', TRADING_MESSAGES.otoNeedsOtoMode);
    return null;
  }
  const id = input.oto_participant_details?.client_id;
  if (!id) throw invalid('oto_participant_details', TRADING_MESSAGES.otoCounterparty);
  if (id === principal.clientId) throw invalid('oto_participant_details', TRADING_MESSAGES.otoSelf);
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  if (!client) throw invalid('oto_participant_details', TRADING_MESSAGES.otoUnknown);
  return id;
}

/** A broker may quote for one of its end clients; anyone else only on their own book. */
async function checkEndClient(tx: DbOrTx, principal: Principal, endClientId: number | null | undefined): Promise<void> {
  if (!endClientId) return;
  const [me] = await tx.select({ isBroker: clients.isBroker }).from(clients).where(eq(clients.id, principal.clientId));
  if (!me?.isBroker) throw invalid('end_client_id', TRADING_MESSAGES.endClientNotBroker);
  const [link] = await tx
    .select()
    .from(clientBrokers)
    .where(and(eq(clientBrokers.clientId, endClientId), eq(clientBrokers.brokerClientId, principal.clientId)));
  if (!link) throw invalid('end_client_id', TRADING_MESSAGES.endClientUnknown);
}

export const eventPayload = (row: EoiRow) => ({
  eoi_id: row.id,
  finstrument_id: row.finstrumentId,
  quote_type: row.quoteType,
  status: row.status,
  rfq_mode: row.rfqMode,
  oto_client_id: row.otoClientId,
  revision: (row.machineContext as { revision: number }).revision,
  ...(row.anonymous && { anonymous: true }),
});

/** A created or updated quote's event payload; an overridden price carries the quote's new consideration (the `price override` message). */
const pricedPayload = (row: EoiRow, bond: FinstrumentRow) => ({
  ...eventPayload(row),
  ...(row.priceOverridden && {
    price_overridden: true,
    consideration: figuresFor(bond, row.settlementDate, row.quantum, row.unitPrice).consideration,
  }),
});

/** A quote sent to RFQ joins its platform's quote book; the platform's quote id is kept on the row. */
async function sendToRfq(tx: DbOrTx, exchanges: Exchanges, row: EoiRow, bond: FinstrumentRow): Promise<EoiRow> {
  const { exchangeQuoteId } = await exchanges[row.exchange].postQuote({
    eoiId: row.id,
    finstrumentIsin: bond.isin,
    quoteType: row.quoteType,
    quantum: row.quantum,
    unitPrice: row.unitPrice,
    yield: row.yield,
    settlementDate: row.settlementDate,
  });
  const [saved] = await tx.update(eois).set({ exchangeQuoteId }).where(eq(eois.id, row.id)).returning();
  if (!saved) throw new Error(`EOI ${row.id} vanished inside its own transaction`);
  return saved;
}

async function viewOf(tx: DbOrTx, id: number, principal: Principal): Promise<EoiView> {
  const record = await findEoi(tx, id);
  if (!record) throw new Error(`EOI ${id} vanished inside its own transaction`);
  return eoiView(record, principal);
}

/** POST api/trade/eoi/: a new quote, live at once (draft → submit), priced by the engine. */
export async function createEoi(deps: TradingDeps, principal: Principal, input: CreateEoi): Promise<EoiView> {
  checkMayOverride(principal, input);
  return deps.db.transaction((tx) => createEoiIn(tx, deps, principal, input));
}

/** Creates one quote in the caller's transaction (the bulk upload creates all its rows in one). */
export async function createEoiIn(
  tx: DbOrTx,
  { clock, marketHours, exchanges }: TradingDeps,
  principal: Principal,
  input: CreateEoi,
): Promise<EoiView> {
  const ownerAccountId = await ownerAccountFor(tx, principal, input.user_account_id);
  const bond = await tradableBond(tx, input.finstrument_id);
  checkWholeBonds(bond, input.quantum);
  checkFixedField(input);
  const settlement = await settlementOf(tx, clock, input);
  const to = optionFor(bond, settlement, input.yield_type);
  const priced = withOverride(
    priceQuote(bond, settlement, { price: input.unit_price_stored, yield: input.yield_stored, to }),
    input,
    bond,
    settlement,
  );
  const exchange = await platformFor(tx, principal.clientId, input);
  const otoClientId = await otoClientFor(tx, principal, input);
  await checkEndClient(tx, principal, input.end_client_id);
  const originTradeId = await originTradeFor(tx, principal, input.origin_trade);
  const now = clock.now();
  const expiresAt = expiryFor(marketHours, now, input);
  if (!(await isMarketOpen(tx, marketHours, now))) throw new AppError('CONFLICT', TRADING_MESSAGES.marketClosed);
  const snapshot = applyEvent(eoiMachine, initialSnapshot(eoiMachine), { type: 'submit' }, 'A new quote could not be submitted.');
  const [row] = await tx
    .insert(eois)
    .values({
      clientId: principal.clientId,
      userAccountId: ownerAccountId,
      finstrumentId: bond.id,
      quoteType: input.quote_type,
      quantum: input.quantum,
      unitPrice: priced.price,
      yield: priced.yield,
      fixedField: priced.fixedField,
      settlementDate: settlement,
      settlementDelta: input.settlement ? null : (input.settlement_delta ?? 1),
      validityMinutes: input.validity ?? null,
      expiresAt,
      mandateExpiresAt: input.mandate_expires_at ?? null,
      rfqMode: input.rfq_mode,
      otoClientId,
      anonymous: input.anonymous,
      exchange,
      sendToRfq: input.send_to_rfq,
      source: input.source,
      endClientId: input.end_client_id ?? null,
      priceOverridden: priced.overridden,
      whatsappConsent: input.whatsapp_consent,
      isBest: input.is_best,
      state: input.state,
      yieldType: input.yield_type,
      originTradeId,
      status: statusOf(snapshot.value),
      machineState: snapshot.value,
      machineContext: snapshot.context,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('EOI insert returned no row');
  const sent = input.send_to_rfq ? await sendToRfq(tx, exchanges, row, bond) : row;
  await appendEvent(tx, clock, { type: 'eoi.created', ...eventOf(sent, principal), payload: pricedPayload(sent, bond) });
  if (input.replaces) await replaceEoi(tx, clock, principal, input.replaces, row.id);
  return viewOf(tx, row.id, principal);
}

/** Locks the EOI and checks the caller may act on it: 404 when they cannot see it, 403 when it is not theirs. */
async function ownedEoi(tx: DbOrTx, principal: Principal, id: number): Promise<EoiRow> {
  const row = await lockEoi(tx, id);
  if (!row || !isVisibleTo(row, principal)) throw new AppError('NOT_FOUND', TRADING_MESSAGES.eoiNotFound);
  if (row.clientId !== principal.clientId) throw new AppError('FORBIDDEN', TRADING_MESSAGES.notYourQuote);
  return row;
}

export const snapshotOf = (row: EoiRow): StoredSnapshot => ({ value: row.machineState, context: row.machineContext });

/** Whether a deal on the quote waits for the exchange's answer (the chart then refuses to end it). */
export const dealPendingOn = (row: EoiRow) => (row.machineContext as { dealPending?: boolean }).dealPending === true;

/** Why the quote cannot end by its owner's `action` ('expired', 'closed', 'replaced'). */
const endRefusal = (row: EoiRow, action: string, quote = 'This quote') =>
  dealPendingOn(row) ? NEGOTIATION_MESSAGES.dealPending : `${quote} is ${row.status}; only a live quote can be ${action}.`;

/** Stores the next snapshot and any changed columns, in the caller's transaction. */
export async function saveTransition(
  tx: DbOrTx,
  clock: Clock,
  row: EoiRow,
  next: StoredSnapshot,
  changes: Partial<typeof eois.$inferInsert> = {},
): Promise<EoiRow> {
  const [saved] = await tx
    .update(eois)
    .set({
      ...changes,
      status: statusOf(next.value),
      machineState: next.value,
      machineContext: next.context,
      updatedAt: clock.now(),
    })
    .where(eq(eois.id, row.id))
    .returning();
  if (!saved) throw new Error(`EOI ${row.id} vanished while locked`);
  return saved;
}

const eventOf = (saved: EoiRow, principal: Principal | null) => ({
  aggregateId: saved.id,
  clientId: saved.clientId,
  actorUserId: principal?.userId ?? null,
});

/** The quote `id` ends as replaced by `replacedBy`, with its open negotiations. */
async function replaceEoi(tx: DbOrTx, clock: Clock, principal: Principal, id: number, replacedBy: number): Promise<void> {
  const row = await ownedEoi(tx, principal, id);
  const next = applyEvent(eoiMachine, snapshotOf(row), { type: 'replace' }, endRefusal(row, 'replaced', 'The quote you replace'));
  const saved = await saveTransition(tx, clock, row, next);
  await endOpenClusters(tx, clock, saved, 'close', principal.userId);
  await appendEvent(tx, clock, {
    type: 'eoi.replaced',
    ...eventOf(saved, principal),
    payload: { ...eventPayload(saved), replaced_by: replacedBy },
  });
}

/** PUT api/eoi/update/{id}/: re-priced by the engine; the revision goes up so older answers can be told apart. */
export async function updateEoi(
  { db, clock, marketHours }: TradingDeps,
  principal: Principal,
  id: number,
  body: unknown,
): Promise<EoiView> {
  return db.transaction(async (tx) => {
    const row = await ownedEoi(tx, principal, id);
    checkMayOverride(principal, (body ?? {}) as { override_price?: number });
    const input: UpdateEoi = parseBody(updateEoiSchema, body);
    const next = applyEvent(eoiMachine, snapshotOf(row), { type: 'update' }, `This quote is ${row.status} and can no longer be updated.`);
    const bond = await tradableBond(tx, row.finstrumentId);
    const quantum = input.quantum ?? row.quantum;
    checkWholeBonds(bond, quantum);
    const newSettlement = input.settlement != null || input.settlement_delta != null;
    const settlement = newSettlement ? await settlementOf(tx, clock, input) : row.settlementDate;
    const typed =
      input.unit_price_stored !== undefined || input.yield_stored !== undefined
        ? { price: input.unit_price_stored, yield: input.yield_stored }
        : row.fixedField === 'price'
          ? { price: Number(row.unitPrice) }
          : { yield: Number(row.yield) };
    const priced = withOverride(
      priceQuote(bond, settlement, { ...typed, to: optionFor(bond, settlement, row.yieldType) }),
      input,
      bond,
      settlement,
    );
    const saved = await saveTransition(tx, clock, row, next, {
      quantum,
      unitPrice: priced.price,
      yield: priced.yield,
      fixedField: priced.fixedField,
      settlementDate: settlement,
      priceOverridden: priced.overridden,
      ...(newSettlement && { settlementDelta: input.settlement ? null : (input.settlement_delta ?? 1) }),
      ...(input.validity != null && {
        validityMinutes: input.validity,
        expiresAt: quoteExpiry(endOfValidity(marketHours, clock.now(), input.validity), row.mandateExpiresAt),
      }),
    });
    await appendEvent(tx, clock, { type: 'eoi.updated', ...eventOf(saved, principal), payload: pricedPayload(saved, bond) });
    return viewOf(tx, id, principal);
  });
}

/** POST api/eoi/expire/{id}/: the owner takes a live quote off the market. */
export async function expireEoi({ db, clock }: TradingDeps, principal: Principal, id: number): Promise<EoiView> {
  return db.transaction(async (tx) => {
    const row = await ownedEoi(tx, principal, id);
    const next = applyEvent(eoiMachine, snapshotOf(row), { type: 'expire' }, endRefusal(row, 'expired'));
    const saved = await saveTransition(tx, clock, row, next);
    await endOpenClusters(tx, clock, saved, 'close', principal.userId);
    await appendEvent(tx, clock, { type: 'eoi.expired', ...eventOf(saved, principal), payload: { ...eventPayload(saved), by: 'owner' } });
    return viewOf(tx, id, principal);
  });
}

/** PUT api/trade/d/eoi/{id}/close/: the owner closes a live quote, after confirming. */
export async function closeEoi({ db, clock }: TradingDeps, principal: Principal, id: number, body: unknown): Promise<EoiView> {
  return db.transaction(async (tx) => {
    const row = await ownedEoi(tx, principal, id);
    const input: CloseEoi = parseBody(closeEoiSchema, body);
    const brokerId = await closingBroker(tx, row, input.broker_id);
    await closeLocked(tx, clock, principal, row, input.opposing_eoi ?? null, brokerId);
    return viewOf(tx, id, principal);
  });
}

/** The broker firm closing on the client's behalf: it must be one the quote's client trades through (DOMAIN.md brokers). */
async function closingBroker(tx: DbOrTx, row: EoiRow, brokerId: number | null | undefined): Promise<number | null> {
  if (!brokerId) return null;
  const [link] = await tx
    .select({ id: clientBrokers.brokerClientId })
    .from(clientBrokers)
    .where(and(eq(clientBrokers.clientId, row.clientId), eq(clientBrokers.brokerClientId, brokerId)));
  if (!link) throw invalid('broker_id', TRADING_MESSAGES.brokerNotLinked);
  return link.id;
}

async function closeLocked(
  tx: DbOrTx,
  clock: Clock,
  principal: Principal,
  row: EoiRow,
  opposingEoiId: number | null,
  brokerId: number | null = null,
): Promise<void> {
  const next = applyEvent(eoiMachine, snapshotOf(row), { type: 'close' }, endRefusal(row, 'closed'));
  const saved = await saveTransition(tx, clock, row, next);
  await endOpenClusters(tx, clock, saved, 'close', principal.userId);
  await appendEvent(tx, clock, {
    type: 'eoi.closed',
    ...eventOf(saved, principal),
    payload: { ...eventPayload(saved), opposing_eoi_id: opposingEoiId, broker_id: brokerId },
  });
}

/**
 * PUT api/trade/d/eoi/close/: closes the caller's client's live quotes (all, or the listed ones), in
 * one transaction; a quote whose deal waits on the exchange stays (it cannot end yet) and is not listed.
 */
export async function closeEois({ db, clock }: TradingDeps, principal: Principal, input: CloseEois): Promise<number[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(eois)
      .where(
        and(
          eq(eois.clientId, principal.clientId),
          inArray(eois.status, EOI_ON_MARKET),
          input.eoi_ids ? inArray(eois.id, input.eoi_ids) : undefined,
        ),
      )
      .orderBy(eois.id)
      .for('update');
    const closing = rows.filter((row) => accepts(eoiMachine, snapshotOf(row), { type: 'close' }));
    for (const row of closing) await closeLocked(tx, clock, principal, row, null);
    return closing.map((r) => r.id);
  });
}
