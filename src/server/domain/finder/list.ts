/**
 * POST api/client-finstrument-list/: the finder's bond list with an opaque keyset cursor. The cursor
 * carries the sort, the last row's sort key as PostgreSQL printed it, and its id, so the next page
 * starts strictly after it whatever was inserted meanwhile: no duplicates, no gaps.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FINDER_MESSAGES, type FinderListRequest, type FinderListResponse, type FinderSort } from '../../../shared/contracts/finder.js';
import type { DbOrTx } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { escapeLike, FINDER_FROM, filterConditions, keywordTokens, whereOf } from './filters.js';

interface SortDef {
  /** The key expression; ties break on f.id ascending. */
  key: (keyword: string) => SQL;
  cast: SQL;
  descending: boolean;
}

const SORTS: Readonly<Record<FinderSort, SortDef>> = {
  // Prefix match, then word-start match, then anywhere; by name within each. Cheap per row, unlike
  // pg_trgm's word_similarity (~14 µs a row, which dominated broad keywords); "C" collation sorts faster.
  relevance: {
    key: (k) => sql`((case when s.search_text like ${`${escapeLike(k)}%`} then 0 when s.search_text like ${`% ${escapeLike(k)}%`} then 1 else 2 end)::text || ' ' || f.display_name) collate "C"`,
    cast: sql`text`, descending: false,
  },
  maturity_asc: { key: () => sql`coalesce(s.effective_maturity, '9999-12-31'::date)`, cast: sql`date`, descending: false },
  maturity_desc: { key: () => sql`coalesce(s.effective_maturity, '9999-12-31'::date)`, cast: sql`date`, descending: true },
  coupon_desc: { key: () => sql`f.coupon_rate`, cast: sql`numeric`, descending: true },
  coupon_asc: { key: () => sql`f.coupon_rate`, cast: sql`numeric`, descending: false },
  name_asc: { key: () => sql`f.display_name`, cast: sql`text`, descending: false },
};

interface Cursor { s: FinderSort; k: string; i: number }

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, sort: FinderSort): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (value.s === sort && typeof value.k === 'string' && Number.isInteger(value.i)) return value as Cursor;
  } catch {
    // Falls through to the 400 below: a cursor we did not issue.
  }
  throw new AppError('VALIDATION_FAILED', FINDER_MESSAGES.cursor, { 'pagination_params.cursor': FINDER_MESSAGES.cursor });
}

interface Row {
  id: number; display_name: string; isin: string; available: boolean; is_listed: boolean; maturity_date: string | null;
  face_value: string | number; coupon_rate: string; frequency: number; security_type: string; is_secured: boolean;
  is_tax_free: boolean; is_perpetual: boolean; seniority: string; issuer_id: number; issuer_name: string; sector: string;
  rating_agency: string | null; rating: string | null; last_yield: string | null; last_price: string | null; sort_key: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function listFinstruments(db: DbOrTx, today: string, request: FinderListRequest): Promise<FinderListResponse> {
  const values = request.category_values;
  const keyword = keywordTokens(values.keyword_string).join(' ');
  const sortName: FinderSort = values.sort ?? (keyword ? 'relevance' : 'maturity_asc');
  const sort = SORTS[sortName];
  const key = sort.key(keyword);
  const conditions = filterConditions(values, today);
  const cursorText = request.pagination_params.cursor;
  const paged = [...conditions];
  if (cursorText) {
    const cursor = decodeCursor(cursorText, sortName);
    const after = sql`cast(${cursor.k} as ${sort.cast})`;
    paged.push(sql`(${key} ${sort.descending ? sql`<` : sql`>`} ${after} or (${key} = ${after} and f.id > ${cursor.i}))`);
  }
  const limit = request.pagination_params.limit;
  const page = await db.execute(sql`
      select f.id, f.display_name, f.isin, f.available, f.is_listed, f.maturity_date::text as maturity_date, f.face_value,
        f.coupon_rate, f.frequency, f.security_type, f.is_secured, f.is_tax_free, f.is_perpetual, f.seniority,
        i.id as issuer_id, i.name as issuer_name, i.sector, s.rating_agency, s.rating, s.last_yield, s.last_price, (${key})::text as sort_key
      ${FINDER_FROM} join issuers i on i.id = f.issuer_id
      ${whereOf(paged)}
      order by ${key} ${sort.descending ? sql`desc` : sql`asc`}, f.id asc
      limit ${limit + 1}`);
  const total = await db.execute(sql`select count(*)::int as n ${FINDER_FROM} ${whereOf(conditions)}`);
  const rows = rowsOf<Row>(page);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    results: rows.slice(0, limit).map(toBond),
    pagination_response: {
      next_cursor: last ? encodeCursor({ s: sortName, k: last.sort_key, i: last.id }) : null,
      count: Number(rowsOf<{ n: number }>(total)[0]?.n ?? 0),
    },
  };
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
