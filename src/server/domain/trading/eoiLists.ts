/**
 * The quote lists (spec 01 §7 EOI and market): my quotes, the public run (market) and the private
 * run. Market and runs are empty, with the restriction text the UI shows, for a caller without
 * `client.can_trade` or outside trading timings (spec 01 §6); they are not filtered by the viewer's
 * exchanges. `search` matches the bond's name, ISIN or issuer.
 */
import { and, count, desc, eq, gt, ilike, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { EOI_ON_MARKET } from '../../../../machines/stateSets.js';
import type { Principal } from '../../../shared/accessPolicy.js';
import {
  type EoiPage,
  type EoiView,
  type MarketQuery,
  type MyEoisQuery,
  type PrivateRunQuery,
  type RfqQuoteQuery,
} from '../../../shared/contracts/trading.js';
import type { DbOrTx } from '../../db/database.js';
import { clients, eois, finstruments, issuers } from '../../db/schema.js';
import type { TradingDeps } from './eoiCommands.js';
import { eoiView, selectEois } from './eoiRepository.js';
import { tradingTimings } from './timings.js';

const MY_QUOTES_LIMIT = 200;

function matching(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(finstruments.displayName, pattern), ilike(finstruments.isin, pattern), ilike(issuers.name, pattern));
}

/** Why a market list is empty for this caller now, or null when it is not restricted. */
const restrictionFor = async (deps: TradingDeps, principal: Principal) => (await tradingTimings(deps, principal)).restriction;

async function page(db: DbOrTx, principal: Principal, where: SQL | undefined, query: { page: number; page_size: number }) {
  // The count's joins match the page's, so a search on the issuer counts what it lists.
  const rows = await selectEois(db)
    .where(where)
    .orderBy(desc(eois.updatedAt), desc(eois.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await db
    .select({ n: count() })
    .from(eois)
    .innerJoin(finstruments, eq(finstruments.id, eois.finstrumentId))
    .innerJoin(issuers, eq(issuers.id, finstruments.issuerId))
    .innerJoin(clients, eq(clients.id, eois.clientId))
    .where(where);
  return { results: rows.map((r) => eoiView(r, principal)), count: total?.n ?? 0 };
}

async function restrictedPage(
  deps: TradingDeps,
  principal: Principal,
  query: { page: number; page_size: number },
  where: () => SQL | undefined,
): Promise<EoiPage> {
  const restriction = await restrictionFor(deps, principal);
  const empty = { results: [], count: 0, page: query.page, page_size: query.page_size, restriction };
  if (restriction) return empty;
  return { ...empty, ...(await page(deps.db, principal, where(), query)) };
}

const onMarketAt = (now: Date) => and(inArray(eois.status, EOI_ON_MARKET), gt(eois.expiresAt, now));

/** GET api/trade/d/market/: live one-to-market quotes, newest change first; `my_quotes` keeps the caller's client's. */
export function marketList(deps: TradingDeps, principal: Principal, query: MarketQuery): Promise<EoiPage> {
  return restrictedPage(deps, principal, query, () =>
    and(
      onMarketAt(deps.clock.now()),
      eq(eois.rfqMode, 'OTM'),
      query.my_quotes ? eq(eois.clientId, principal.clientId) : undefined,
      matching(query.search),
    ),
  );
}

/** GET api/eoi/private-run/: live one-to-one quotes sent to or by the caller's client. */
export function privateRun(deps: TradingDeps, principal: Principal, query: PrivateRunQuery): Promise<EoiPage> {
  return restrictedPage(deps, principal, query, () =>
    and(
      onMarketAt(deps.clock.now()),
      eq(eois.rfqMode, 'OTO'),
      or(eq(eois.otoClientId, principal.clientId), eq(eois.clientId, principal.clientId)),
      matching(query.search),
    ),
  );
}

/**
 * GET api/eoi/rfq-quote/: the exchanges' RFQ quote book — live quotes sent to an RFQ platform
 * (the market simulator's firms send theirs too) that the caller may see: to the market, or to or
 * from their client. `paginate=false` answers the first page of the largest size.
 */
export function rfqQuotes(deps: TradingDeps, principal: Principal, query: RfqQuoteQuery): Promise<EoiPage> {
  const paging = query.paginate === false ? { page: 1, page_size: 100 } : query;
  return restrictedPage(deps, principal, paging, () =>
    and(
      onMarketAt(deps.clock.now()),
      isNotNull(eois.exchangeQuoteId),
      or(eq(eois.rfqMode, 'OTM'), eq(eois.otoClientId, principal.clientId), eq(eois.clientId, principal.clientId)),
      query.my_quotes ? eq(eois.clientId, principal.clientId) : undefined,
      matching(query.search),
    ),
  );
}

/** GET api/trade/eoi/: the caller's client's quotes in every state, newest first. */
export async function myEois({ db }: TradingDeps, principal: Principal, query: MyEoisQuery): Promise<EoiView[]> {
  const rows = await selectEois(db)
    .where(
      and(
        eq(eois.clientId, principal.clientId),
        query.quote_type ? eq(eois.quoteType, query.quote_type) : undefined,
        query.finstrument_data__finstrument_id ? eq(eois.finstrumentId, query.finstrument_data__finstrument_id) : undefined,
      ),
    )
    .orderBy(desc(eois.createdAt), desc(eois.id))
    .limit(MY_QUOTES_LIMIT);
  return rows.map((r) => eoiView(r, principal));
}
