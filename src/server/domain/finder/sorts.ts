/**
 * The list's sorts: each a key (ties break on the id) and, for relevance, the ranks the matches are
 * listed in one after another; and the keyset condition that resumes a sort after a cursor.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FinderSort } from '../../../shared/contracts/finder.js';
import type { Cursor } from './cursor.js';
import { escapeLike } from './filters.js';

export interface SortDef {
  /** The key expression; ties break on the id ascending. */
  key: SQL;
  cast: SQL;
  descending: boolean;
  /**
   * The matches split into ranks listed one after another, each in key order: each rank's conditions,
   * given the keyword and its conditions (by default, one rank of just those).
   */
  ranks?: (keyword: string, matching: SQL[]) => SQL[][];
  /**
   * The rank whose matches are one range of an index and lie together in key order (the prefix
   * rank): with few of them, reading them whole and sorting beats walking the key order up to them.
   */
  prefixRank?: number;
}

const maturity = sql`coalesce(s.effective_maturity, '9999-12-31'::date)`;

export const SORTS: Readonly<Record<FinderSort, SortDef>> = {
  // Prefix match, then word-start match, then anywhere; by name ("C" collation) within each. A rank is
  // read in finstrument_search_name_idx order only while the page has room, so a broad keyword stops
  // after a page instead of ranking its thousands of matches.
  relevance: {
    key: sql`s.display_name collate "C"`,
    cast: sql`text`,
    descending: false,
    prefixRank: 0,
    ranks: (k, matching) => {
      const prefix = sql`s.search_text like ${`${escapeLike(k)}%`}`;
      const wordStart = sql`s.search_text like ${`% ${escapeLike(k)}%`}`;
      // Either implies that every word of the keyword matches: only the last rank tests the words.
      return [[prefix], [wordStart, sql`not ${prefix}`], [...matching, sql`not ${wordStart}`, sql`not ${prefix}`]];
    },
  },
  maturity_asc: { key: maturity, cast: sql`date`, descending: false },
  maturity_desc: { key: maturity, cast: sql`date`, descending: true },
  coupon_desc: { key: sql`s.coupon_rate`, cast: sql`numeric`, descending: true },
  coupon_asc: { key: sql`s.coupon_rate`, cast: sql`numeric`, descending: false },
  name_asc: { key: sql`s.display_name`, cast: sql`text`, descending: false },
};

/** Rows strictly after `cursor` in key order: a row comparison where both keys ascend, so an index can seek to it. */
export function after(sort: SortDef, cursor: Cursor): SQL {
  const k = sql`cast(${cursor.k} as ${sort.cast})`;
  return sort.descending
    ? sql`(${sort.key} < ${k} or (${sort.key} = ${k} and s.finstrument_id > ${cursor.i}))`
    : sql`(${sort.key}, s.finstrument_id) > (${k}, ${cursor.i})`;
}
