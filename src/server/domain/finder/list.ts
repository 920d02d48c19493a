/**
 * POST api/client-finstrument-list/: the finder's bond list, keyset-paged by an opaque cursor (see
 * cursor.ts), read from the denormalised finstrument_search in one statement per page (two on a first
 * page right after the index was rebuilt, see rankSizes.ts); a page asked for again while the index
 * stands is the kept one (keptPages.ts). A first page not yet counted reads its ranks and counts them in
 * the same statement: for a selective keyword in one scan of its matches (matchesQuery), else by rank.
 * A first relevance page for a keyword alone (no filter) is given by the in-memory keyword index
 * (keywordIndex.ts) while the index version it was loaded under stands.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FinderListRequest, FinderListResponse, FinderSort } from '../../../shared/contracts/finder.js';
import type { DbOrTx } from '../../db/database.js';
import { decodeCursor, encodeCursor, type Cursor } from './cursor.js';
import { FINDER_FROM, filterConditions, keywordConditions, keywordTokens, whereOf } from './filters.js';
import type { KeptPages } from './keptPages.js';
import { rankKeyword, type KeywordIndexHolder } from './keywordIndex.js';
import { keptSizes, sizesColumns, versionColumn } from './rankSizes.js';
import { COLUMNS, toBond, type Row } from './rows.js';
import { after, SORTS, type SortDef } from './sorts.js';

const rankTable = (rank: number) => sql.identifier(`rank${rank}`);

/**
 * A rank to read, and how many of its rows at most; `few` for the sort's prefix rank when its size is
 * known to be small (FEW_MATCHES): its matches are then read whole through the prefix index and
 * sorted, instead of walking the name index up to where they sit together, which for a keyword late
 * in the alphabet meant skipping most of the table. (Other ranks' matches are spread out and found
 * through the trigram index, so there the walk stays cheaper.)
 */
interface RankRead {
  rank: number;
  limit: SQL;
  few?: boolean;
}

/**
 * Up to this many matches the prefix rank is cheaper sorted than walked: measured on the full seed,
 * sorting 600 'tata' matches takes 0.3–0.5 ms where the walk took 8–12 ms.
 */
const FEW_MATCHES = 1500;

/** Every rank from `first` on, each limited to the room the ranks before it left (limit 0 reads nothing). */
const roomReads = (ranks: number, first: number, limit: number): RankRead[] =>
  Array.from({ length: ranks - first }, (_, i) => ({
    rank: first + i,
    limit: sql.join(
      [sql`${limit + 1}`, ...Array.from({ length: i }, (_, j) => sql`(select count(*) from ${rankTable(first + j)})`)],
      sql` - `,
    ),
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

interface Page {
  sort: SortDef;
  ranks: readonly SQL[][];
  others: readonly SQL[];
  cursor: Cursor | undefined;
  limit: number;
  /** The keyword has a word long enough for the trigram index to find its few matches directly (see SELECTIVE_WORD). */
  selective: boolean;
}

/**
 * A keyword word of this many characters or more picks out few enough bonds that a first page not yet
 * counted is cheaper ranked in one scan of its matches (matchesQuery). Measured on the full seed: issuer
 * names (8–600 matches) 0.3–0.8 ms planned and run, against 1.0–1.8 ms for the rank reads plus count;
 * 'bank' and 'india' (2,000–3,200) about even; shorter words such as 'a' or 'sdl' (4,000–29,000)
 * several times slower, as every match is ranked, so those keep the rank reads.
 */
const SELECTIVE_WORD = 4;

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
    if (!few)
      return sql`${rankTable(rank)} as (select s.finstrument_id ${FINDER_FROM} ${whereOfRank(rank)} order by ${order} limit ${most})`;
    // `offset 0` keeps the planner from pulling the order into the match search.
    return sql`${rankTable(rank)} as (select m.finstrument_id from (select s.finstrument_id, ${sort.key} as sort_key ${FINDER_FROM} ${whereOfRank(rank)} offset 0) m
      order by m.sort_key ${sort.descending ? sql`desc` : sql`asc`}, m.finstrument_id asc limit ${most})`;
  });
  const ranked = sql.join(
    reads.map(({ rank }) => sql`select ${rank}::int as rank, finstrument_id from ${rankTable(rank)}`),
    sql` union all `,
  );
  // The ranks hold at most limit + 1 rows together; saying so lets the planner join them by key.
  return sql`
    with ${sql.join(ctes, sql`, `)}
    select ${COLUMNS}, p.rank, (${sort.key})::text as sort_key ${extra}
    from (${ranked} limit ${limit + 1}) p join finstrument_search s on s.finstrument_id = p.finstrument_id
    order by p.rank, ${order}`;
}

/**
 * A first page not yet counted, in one scan of the matches: each match gets its rank (the first rank
 * whose conditions it meets; the ranks partition the matches), the page is the first limit + 1 in
 * (rank, key) order, and window counts give every rank's size. The page's other columns are read
 * after the limit, for its rows only. It plans in under half the rank reads' time (0.2 against 0.5 ms).
 */
function matchesQuery({ sort, ranks, limit }: Page, counted: readonly SQL[]): SQL {
  const direction = sort.descending ? sql`desc` : sql`asc`;
  const rankOf = sql`case ${sql.join(
    ranks.slice(0, -1).map((conditions, rank) => sql`when ${sql.join([...conditions], sql` and `)} then ${rank}::int`),
    sql` `,
  )} else ${ranks.length - 1}::int end`;
  const sizes = sql.join(
    ranks.map((_, rank) => sql`(count(*) filter (where m.rank = ${rank}::int) over ())::int`),
    sql`, `,
  );
  return sql`
    select ${COLUMNS}, p.rank, (${sort.key})::text as sort_key, ${versionColumn}, p.sizes
    from (select m.finstrument_id, m.rank, m.sort_key, array[${sizes}] as sizes
      from (select s.finstrument_id, ${rankOf} as rank, ${sort.key} as sort_key ${FINDER_FROM} ${whereOf([...counted])}) m
      order by m.rank, m.sort_key ${direction}, m.finstrument_id asc limit ${limit + 1}) p
    join finstrument_search s on s.finstrument_id = p.finstrument_id
    order by p.rank, p.sort_key ${direction}, p.finstrument_id asc`;
}

const sum = (sizes: readonly number[]) => sizes.reduce((a, b) => a + b, 0);

/**
 * The page's rows, each with the index version it was read under, and the count of all matches (see
 * rankSizes.ts for the first page's).
 */
async function readPage(db: DbOrTx, page: Page, sizesKey: string, counted: readonly SQL[]): Promise<{ rows: Row[]; count: number }> {
  const rowsOf = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const read = (reads: readonly RankRead[], extra: SQL) => rowsOf(pageQuery(page, reads, extra));
  const every = roomReads(page.ranks.length, page.cursor?.r ?? 0, page.limit);
  if (page.cursor) return { rows: await read(every, sql`, ${versionColumn}`), count: page.cursor.n };
  // Sizes are kept only for filter sets that match something, so the exact reads are never empty.
  const kept = keptSizes.get(sizesKey);
  if (kept) {
    const rows = await read(exactReads(kept.sizes, page.limit, page.sort.prefixRank), sql`, ${versionColumn}`);
    if (rows[0]?.version === kept.version) return { rows, count: sum(kept.sizes) };
  }
  const rows =
    page.selective && page.ranks.length > 1
      ? await rowsOf(matchesQuery(page, counted))
      : await read(every, sql`, ${sizesColumns(page.ranks, counted)}`);
  const head = rows[0];
  if (head?.sizes) keptSizes.set(sizesKey, { version: head.version ?? null, sizes: head.sizes });
  // No row at all: nothing matches, as the ranks partition the matches.
  return { rows, count: sum(head?.sizes ?? []) };
}

/** The page `request` asks for on `today`: the kept one while the index version it was read under stands. */
export async function listFinstruments(
  db: DbOrTx,
  today: string,
  request: FinderListRequest,
  { pages, currentVersion }: KeptPages,
  keywords: KeywordIndexHolder,
): Promise<FinderListResponse> {
  const key = JSON.stringify([today, request]);
  const kept = pages.get(key);
  if (kept && kept.version === (await currentVersion())) return kept.response;
  const { response, version } = await readResponse(db, today, request, keywords, currentVersion);
  // A page without rows carries no version; it is read again next time.
  if (version !== undefined) pages.set(key, { version, response });
  return response;
}

type Answer = { response: FinderListResponse; version: string | null | undefined };

const pageOf = (rows: readonly Row[], limit: number, sortName: FinderSort, count: number): FinderListResponse => {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    results: rows.slice(0, limit).map(toBond),
    pagination_response: {
      next_cursor: last ? encodeCursor({ s: sortName, r: last.rank, k: last.sort_key, i: last.id, n: count }) : null,
      count,
    },
  };
};

/**
 * A first relevance page for a keyword alone, ranked by the in-memory keyword index and given from
 * its bonds while the index version it was loaded under stands (one version read, shared by the
 * searches arriving together); undefined when the index cannot answer it (no word of three
 * characters, or the index was rebuilt since it was loaded), and the caller reads it the general way.
 */
async function fromKeywordIndex(
  holder: KeywordIndexHolder,
  currentVersion: () => Promise<string | null>,
  tokens: readonly string[],
  limit: number,
): Promise<Answer | undefined> {
  const index = await holder.current();
  const ranked = rankKeyword(index, tokens, limit);
  if (!ranked) return undefined;
  if ((await currentVersion()) !== index.version) {
    holder.stale(index);
    return undefined;
  }
  const count = sum(ranked.sizes);
  const last = ranked.bonds.length > limit ? ranked.bonds[limit - 1]! : undefined;
  const response = {
    results: ranked.bonds.slice(0, limit),
    pagination_response: {
      next_cursor: last ? encodeCursor({ s: 'relevance', r: ranked.ranks[limit - 1]!, k: last.display_name, i: last.id, n: count }) : null,
      count,
    },
  };
  // Kept like a page read from the database: a page without rows carries no version.
  return { response, version: count > 0 ? index.version : undefined };
}

async function readResponse(
  db: DbOrTx,
  today: string,
  request: FinderListRequest,
  keywords: KeywordIndexHolder,
  currentVersion: () => Promise<string | null>,
): Promise<Answer> {
  const { sort: chosen, ...filters } = request.category_values;
  const tokens = keywordTokens(filters.keyword_string);
  const keyword = tokens.join(' ');
  const sortName: FinderSort = chosen ?? (keyword ? 'relevance' : 'maturity_asc');
  const sort = SORTS[sortName];
  const matching = keywordConditions(filters.keyword_string);
  const ranks = sort.ranks?.(keyword, matching) ?? [matching];
  const others = filterConditions({ ...filters, keyword_string: undefined }, today);
  const { cursor: cursorText, limit } = request.pagination_params;
  if (sortName === 'relevance' && keyword && !cursorText && others.length === 0) {
    const answer = await fromKeywordIndex(keywords, currentVersion, tokens, limit);
    if (answer) return answer;
  }
  const cursor = cursorText ? decodeCursor(cursorText, sortName, ranks.length) : undefined;
  const selective = tokens.some((word) => word.length >= SELECTIVE_WORD);
  const page = { sort, ranks, others, cursor, limit, selective };
  const { rows, count } = await readPage(db, page, JSON.stringify([today, sortName, filters]), [...matching, ...others]);
  return { response: pageOf(rows, limit, sortName, count), version: rows[0]?.version };
}
