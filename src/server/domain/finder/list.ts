/**
 * POST api/client-finstrument-list/: the finder's bond list, keyset-paged by an opaque cursor (see
 * cursor.ts), read from the denormalised finstrument_search in one statement per page (two on a first
 * page right after the index was rebuilt, see rankSizes.ts); a page asked for again while the index
 * stands is the kept one (keptPages.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FinderListRequest, FinderListResponse, FinderSort } from '../../../shared/contracts/finder.js';
import type { DbOrTx } from '../../db/database.js';
import { decodeCursor, encodeCursor, type Cursor } from './cursor.js';
import { FINDER_FROM, filterConditions, keywordConditions, keywordTokens, whereOf } from './filters.js';
import type { KeptPages } from './keptPages.js';
import { keptSizes, sizesColumns, versionColumn } from './rankSizes.js';
import { after, SORTS, type SortDef } from './sorts.js';

const rankTable = (rank: number) => sql.identifier(`rank${rank}`);

/**
 * A rank to read, and how many of its rows at most; `few` for the sort's prefix rank when its size is
 * known to be small (FEW_MATCHES): its matches are then read whole through the prefix index and
 * sorted, instead of walking the name index up to where they sit together, which for a keyword late
 * in the alphabet meant skipping most of the table. (Other ranks' matches are spread out and found
 * through the trigram index, so there the walk stays cheaper.)
 */
interface RankRead { rank: number; limit: SQL; few?: boolean }

/**
 * Up to this many matches the prefix rank is cheaper sorted than walked: measured on the full seed,
 * sorting 600 'tata' matches takes 0.3–0.5 ms where the walk took 8–12 ms.
 */
const FEW_MATCHES = 1500;

/** Every rank from `first` on, each limited to the room the ranks before it left (limit 0 reads nothing). */
const roomReads = (ranks: number, first: number, limit: number): RankRead[] => Array.from({ length: ranks - first }, (_, i) => ({
  rank: first + i,
  limit: sql.join([sql`${limit + 1}`, ...Array.from({ length: i }, (_, j) => sql`(select count(*) from ${rankTable(first + j)})`)], sql` - `),
}));

/** The ranks a first page needs and exactly how many rows of each, given every rank's size. */
function exactReads(sizes: readonly number[], limit: number, prefixRank: number | undefined): RankRead[] {
  const reads: RankRead[] = [];
  let room = limit + 1;
  sizes.forEach((size, rank) => {
    const take = Math.min(size, room);
    if (take > 0) reads.push({ rank, limit: sql`${take}`, few: rank === prefixRank && size <= FEW_MATCHES });
    room -= take;
  });
  return reads;
}

interface Page { sort: SortDef; ranks: readonly SQL[][]; others: readonly SQL[]; cursor: Cursor | undefined; limit: number }

const COLUMNS = sql`s.finstrument_id as id, s.display_name, s.isin, s.available, s.is_listed, s.maturity_date::text as maturity_date,
  s.face_value, s.coupon_rate, s.frequency, s.security_type, s.is_secured, s.is_tax_free, s.is_perpetual, s.seniority,
  s.issuer_id, s.issuer_name, s.sector, s.rating_agency, s.rating, s.last_yield, s.last_price`;

/**
 * The page's rows (limit + 1: the extra one tells whether there is a next page) and `extra` columns:
 * each rank read is a CTE in key order, and the page is their union in rank order. A page from one
 * rank walked in key order (most pages once counts are kept, and every sort but relevance) is read
 * by a plain ordered select instead, which PostgreSQL plans in about half the time.
 */
function pageQuery({ sort, ranks, others, cursor, limit }: Page, reads: readonly RankRead[], extra: SQL): SQL {
  const order = sql`${sort.key} ${sort.descending ? sql`desc` : sql`asc`}, s.finstrument_id asc`;
  const whereOfRank = (rank: number) => whereOf([...(ranks[rank] ?? []), ...others, ...(cursor?.r === rank ? [after(sort, cursor)] : [])]);
  const only = reads.length === 1 && !reads[0]!.few ? reads[0] : undefined;
  if (only) {
    return sql`select ${COLUMNS}, ${only.rank}::int as rank, (${sort.key})::text as sort_key ${extra}
      ${FINDER_FROM} ${whereOfRank(only.rank)} order by ${order} limit ${only.limit}`;
  }
  const ctes = reads.map(({ rank, limit: most, few }) => {
    if (!few) return sql`${rankTable(rank)} as (select s.finstrument_id ${FINDER_FROM} ${whereOfRank(rank)} order by ${order} limit ${most})`;
    // `offset 0` keeps the planner from pulling the order into the match search.
    return sql`${rankTable(rank)} as (select m.finstrument_id from (select s.finstrument_id, ${sort.key} as sort_key ${FINDER_FROM} ${whereOfRank(rank)} offset 0) m
      order by m.sort_key ${sort.descending ? sql`desc` : sql`asc`}, m.finstrument_id asc limit ${most})`;
  });
  const ranked = sql.join(reads.map(({ rank }) => sql`select ${rank}::int as rank, finstrument_id from ${rankTable(rank)}`), sql` union all `);
  // The ranks hold at most limit + 1 rows together; saying so lets the planner join them by key.
  return sql`
    with ${sql.join(ctes, sql`, `)}
    select ${COLUMNS}, p.rank, (${sort.key})::text as sort_key ${extra}
    from (${ranked} limit ${limit + 1}) p join finstrument_search s on s.finstrument_id = p.finstrument_id
    order by p.rank, ${order}`;
}

interface Row {
  id: number; display_name: string; isin: string; available: boolean; is_listed: boolean; maturity_date: string | null;
  face_value: string | number; coupon_rate: string; frequency: number; security_type: string; is_secured: boolean;
  is_tax_free: boolean; is_perpetual: boolean; seniority: string; issuer_id: number; issuer_name: string; sector: string;
  rating_agency: string | null; rating: string | null; last_yield: string | null; last_price: string | null; rank: number; sort_key: string;
  version?: string | null; sizes?: number[];
}

const sum = (sizes: readonly number[]) => sizes.reduce((a, b) => a + b, 0);

/**
 * The page's rows, each with the index version it was read under, and the count of all matches (see
 * rankSizes.ts for the first page's).
 */
async function readPage(db: DbOrTx, page: Page, sizesKey: string, counted: readonly SQL[]): Promise<{ rows: Row[]; count: number }> {
  const read = async (reads: readonly RankRead[], extra: SQL) => (await db.execute(pageQuery(page, reads, extra)) as unknown as { rows: Row[] }).rows;
  const every = roomReads(page.ranks.length, page.cursor?.r ?? 0, page.limit);
  if (page.cursor) return { rows: await read(every, sql`, ${versionColumn}`), count: page.cursor.n };
  // Sizes are kept only for filter sets that match something, so the exact reads are never empty.
  const kept = keptSizes.get(sizesKey);
  if (kept) {
    const rows = await read(exactReads(kept.sizes, page.limit, page.sort.prefixRank), sql`, ${versionColumn}`);
    if (rows[0]?.version === kept.version) return { rows, count: sum(kept.sizes) };
  }
  const rows = await read(every, sql`, ${sizesColumns(page.ranks, counted)}`);
  const head = rows[0];
  if (head?.sizes) keptSizes.set(sizesKey, { version: head.version ?? null, sizes: head.sizes });
  // No row at all: nothing matches, as the ranks partition the matches.
  return { rows, count: sum(head?.sizes ?? []) };
}

/** The page `request` asks for on `today`: the kept one while the index version it was read under stands. */
export async function listFinstruments(db: DbOrTx, today: string, request: FinderListRequest, { pages, currentVersion }: KeptPages): Promise<FinderListResponse> {
  const key = JSON.stringify([today, request]);
  const kept = pages.get(key);
  if (kept && kept.version === await currentVersion()) return kept.response;
  const { response, version } = await readResponse(db, today, request);
  // A page without rows carries no version; it is read again next time.
  if (version !== undefined) pages.set(key, { version, response });
  return response;
}

async function readResponse(db: DbOrTx, today: string, request: FinderListRequest): Promise<{ response: FinderListResponse; version: string | null | undefined }> {
  const { sort: chosen, ...filters } = request.category_values;
  const keyword = keywordTokens(filters.keyword_string).join(' ');
  const sortName: FinderSort = chosen ?? (keyword ? 'relevance' : 'maturity_asc');
  const sort = SORTS[sortName];
  const matching = keywordConditions(filters.keyword_string);
  const ranks = sort.ranks?.(keyword, matching) ?? [matching];
  const others = filterConditions({ ...filters, keyword_string: undefined }, today);
  const { cursor: cursorText, limit } = request.pagination_params;
  const cursor = cursorText ? decodeCursor(cursorText, sortName, ranks.length) : undefined;
  const page = { sort, ranks, others, cursor, limit };
  const { rows, count } = await readPage(db, page, JSON.stringify([today, sortName, filters]), [...matching, ...others]);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  const response = {
    results: rows.slice(0, limit).map(toBond),
    pagination_response: {
      next_cursor: last ? encodeCursor({ s: sortName, r: last.rank, k: last.sort_key, i: last.id, n: count }) : null,
      count,
    },
  };
  return { response, version: rows[0]?.version };
}

function toBond(r: Row): FinderListResponse['results'][number] {
  return {
    id: r.id, display_name: r.display_name, identifiers: { ISIN: r.isin }, available: r.available,
    contract_parameters: {
      is_listed: r.is_listed, maturity_date: r.maturity_date, face_value: Number(r.face_value), coupon_rate: Number(r.coupon_rate),
      frequency: r.frequency, security_type: r.security_type as never, is_secured: r.is_secured, is_tax_free: r.is_tax_free,
      is_perpetual: r.is_perpetual, seniority: r.seniority as never,
    },
    issuer: { id: r.issuer_id, name: r.issuer_name, sector: r.sector },
    rating: r.rating_agency && r.rating ? { agency: r.rating_agency as never, rating: r.rating } : null,
    ...(r.last_yield !== null ? { last_yield: Number(r.last_yield) } : {}),
    ...(r.last_price !== null ? { last_price: Number(r.last_price) } : {}),
  };
}
