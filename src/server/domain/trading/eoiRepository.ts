/**
 * EOI rows with what every view needs (bond, issuer, posting and addressed client), who may see
 * them, and their shape on the API. Anonymous quotes never name their client to another client.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Principal } from '../../../shared/accessPolicy.js';
import { CLEARING_CORPORATION_OF, type EoiStatus, type EoiView } from '../../../shared/contracts/trading.js';
import type { DbOrTx } from '../../db/database.js';
import { clients, eois, finstruments, issuers } from '../../db/schema.js';
import type { EoiContext } from '../../../../machines/eoi.machine.js';

export type EoiRow = typeof eois.$inferSelect;

const otoClients = alias(clients, 'oto_clients');

/** The joined query every EOI read starts from; callers add where, order and paging. */
export function selectEois(db: DbOrTx) {
  return db
    .select({
      eoi: eois,
      isin: finstruments.isin,
      bondName: finstruments.displayName,
      issuerName: issuers.name,
      owner: { id: clients.id, name: clients.name },
      oto: { id: otoClients.id, name: otoClients.name },
    })
    .from(eois)
    .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
    .innerJoin(issuers, eq(issuers.id, finstruments.issuerId))
    .innerJoin(clients, eq(clients.id, eois.clientId))
    .leftJoin(otoClients, eq(otoClients.id, eois.otoClientId));
}

export type EoiRecord = Awaited<ReturnType<ReturnType<typeof selectEois>['execute']>>[number];

export async function findEoi(db: DbOrTx, id: number, where?: SQL): Promise<EoiRecord | undefined> {
  const [record] = await selectEois(db).where(and(eq(eois.id, id), where));
  return record;
}

/** The EOI row locked for the rest of the transaction, so concurrent actions on it queue. */
export async function lockEoi(tx: DbOrTx, id: number): Promise<EoiRow | undefined> {
  const [row] = await tx.select().from(eois).where(eq(eois.id, id)).for('update');
  return row;
}

const canTrade = (principal: Principal) => principal.permissions.includes('client.can_trade');

/**
 * Whether `principal` may see the EOI: its own client always; a one-to-market quote every user who
 * may trade; a one-to-one quote the traders of the addressed client (DESIGN §4 tenancy).
 */
export function isVisibleTo(row: EoiRow, principal: Principal): boolean {
  if (row.clientId === principal.clientId) return true;
  if (!canTrade(principal)) return false;
  return row.rfqMode === 'OTM' || row.otoClientId === principal.clientId;
}

/** The EOI as the API shows it to `viewer`. */
export function eoiView(record: EoiRecord, viewer: Principal): EoiView {
  const { eoi } = record;
  const mine = eoi.clientId === viewer.clientId;
  const context = eoi.machineContext as EoiContext;
  return {
    id: eoi.id,
    finstrument_id: eoi.finstrumentId,
    isin: record.isin,
    bond_name: record.bondName,
    issuer_name: record.issuerName,
    quote_type: eoi.quoteType,
    quantum: eoi.quantum,
    unit_price_stored: Number(eoi.unitPrice),
    yield_stored: Number(eoi.yield),
    fixed_field: eoi.fixedField,
    settlement_date: eoi.settlementDate,
    settlement_delta: eoi.settlementDelta,
    validity: eoi.validityMinutes,
    expires_at: eoi.expiresAt.toISOString(),
    status: eoi.status as EoiStatus,
    rfq_mode: eoi.rfqMode,
    anonymous: eoi.anonymous,
    exchange: eoi.exchange,
    send_to_rfq: eoi.sendToRfq,
    source: eoi.source as EoiView['source'],
    client: eoi.anonymous && !mine ? null : record.owner,
    oto_client: record.oto?.id ? { id: record.oto.id, name: record.oto.name } : null,
    end_client_id: mine ? eoi.endClientId : null,
    is_mine: mine,
    price_overridden: eoi.priceOverridden,
    clearing_corporation: CLEARING_CORPORATION_OF[eoi.exchange],
    yield_type: eoi.yieldType,
    is_best: eoi.isBest,
    // The client's own bookkeeping: another client sees none of it.
    mandate_expires_at: mine ? (eoi.mandateExpiresAt?.toISOString() ?? null) : null,
    whatsapp_consent: mine && eoi.whatsappConsent,
    state: mine ? eoi.state : null,
    origin_trade: mine ? eoi.originTradeId : null,
    user_account_id: mine ? eoi.userAccountId : null,
    exchange_quote_id: eoi.exchangeQuoteId,
    open_negotiations: context.openNegotiations,
    deal_pending: context.dealPending === true,
    revision: context.revision,
    created_at: eoi.createdAt.toISOString(),
    updated_at: eoi.updatedAt.toISOString(),
  };
}
