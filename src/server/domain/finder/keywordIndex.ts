/**
 * The finder's keyword index in memory: every bond's search text in the relevance sort's name order
 * ("C" collation, then id, as PostgreSQL sorts it), with each three-character piece of text listing
 * the bonds that contain it. A first relevance page for a keyword alone is then ranked and counted
 * in process, and the database only reads the page's rows by id: a dealer's new keyword costs a
 * primary-key read instead of a ranked scan of its matches (planned on every call), which kept the
 * desks' uncached searches at several times a health check.
 *
 * It answers exactly what the SQL ranks answer (sorts.ts, relevance): prefix `k%`, then word start
 * `% k%`, then every word anywhere, as LIKE compares the stored text. It is loaded with the index
 * version it was read under; a page whose rows were read under another version is not answered here
 * (the caller reads it the general way) and the index is loaded afresh for the next search.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { versionColumn } from './rankSizes.js';

export interface KeywordIndex {
  version: string | null;
  ids: Int32Array;
  names: string[];
  texts: string[];
  /** Positions (ascending) of the bonds whose text holds each three-character piece (gramKey). */
  grams: Map<number, Int32Array>;
}

/** A first page ranked in memory: the ids of its first `limit + 1` matches in order, their ranks, and every rank's size. */
export interface RankedPage { ids: number[]; names: string[]; ranks: number[]; sizes: number[] }

/** A three-character piece as one number (UTF-16 units, each below 2^16): cheaper Map keys than strings. */
const gramKey = (text: string, at: number) => text.charCodeAt(at) * 4294967296 + text.charCodeAt(at + 1) * 65536 + text.charCodeAt(at + 2);

async function load(db: DbOrTx): Promise<KeywordIndex> {
  // One statement, so the rows and the version come from one snapshot.
  const { rows } = await db.execute(sql`select s.finstrument_id as id, s.display_name as name, s.search_text as text, ${versionColumn}
    from finstrument_search s order by s.display_name collate "C", s.finstrument_id`) as unknown as { rows: { id: number; name: string; text: string; version: string | null }[] };
  const lists = new Map<number, number[]>();
  for (let p = 0; p < rows.length; p++) {
    const text = rows[p]!.text;
    for (let at = 0; at + 3 <= text.length; at++) {
      const key = gramKey(text, at);
      const list = lists.get(key);
      // Positions arrive in order, so a piece seen twice in one text is the list's last entry.
      if (list === undefined) lists.set(key, [p]);
      else if (list[list.length - 1] !== p) list.push(p);
    }
  }
  const grams = new Map<number, Int32Array>();
  for (const [key, list] of lists) grams.set(key, Int32Array.from(list));
  return {
    version: rows[0]?.version ?? null,
    ids: Int32Array.from(rows, (r) => r.id),
    names: rows.map((r) => r.name),
    texts: rows.map((r) => r.text),
    grams,
  };
}

/**
 * The first `limit + 1` matches of `tokens` (lower-cased words; the keyword is them joined by one
 * space) in relevance order, with each rank's size; undefined when no word is three characters long,
 * as the pieces cannot narrow such a keyword (those stay with the database).
 */
export function rankKeyword(index: KeywordIndex, tokens: readonly string[], limit: number): RankedPage | undefined {
  // The candidates are the bonds holding the rarest piece of any word: every match holds every word.
  let rarest: Int32Array | undefined;
  for (const token of tokens) {
    for (let at = 0; at + 3 <= token.length; at++) {
      const list = index.grams.get(gramKey(token, at)) ?? new Int32Array(0);
      if (rarest === undefined || list.length < rarest.length) rarest = list;
    }
  }
  if (rarest === undefined) return undefined;
  const keyword = tokens.join(' ');
  const wordStart = ` ${keyword}`;
  const sizes = [0, 0, 0];
  const byRank: number[][] = [[], [], []];
  for (let c = 0; c < rarest.length; c++) {
    const p = rarest[c]!;
    const text = index.texts[p]!;
    // Rank 0 and 1 hold the whole keyword, hence every word; rank 2 must hold each word.
    const rank = text.startsWith(keyword) ? 0 : text.includes(wordStart) ? 1 : tokens.every((t) => text.includes(t)) ? 2 : -1;
    if (rank < 0) continue;
    sizes[rank]! += 1;
    const kept = byRank[rank]!;
    if (kept.length <= limit) kept.push(p);
  }
  const page: RankedPage = { ids: [], names: [], ranks: [], sizes };
  for (let rank = 0; rank < 3 && page.ids.length <= limit; rank++) {
    for (const p of byRank[rank]!) {
      if (page.ids.length > limit) break;
      page.ids.push(index.ids[p]!);
      page.names.push(index.names[p]!);
      page.ranks.push(rank);
    }
  }
  return page;
}

export interface KeywordIndexHolder {
  /** The index, loaded on first use (callers arriving during a load share it). */
  current(): Promise<KeywordIndex>;
  /** A statement read a version other than `index`'s: the next search loads the index afresh. */
  stale(index: KeywordIndex): void;
}

export function createKeywordIndexHolder(db: DbOrTx): KeywordIndexHolder {
  let loading: Promise<KeywordIndex> | undefined;
  let loaded: KeywordIndex | undefined;
  return {
    current() {
      if (loading) return loading;
      const started = load(db);
      loading = started;
      // A failed load is tried again by the next search rather than kept.
      started.then((index) => { if (loading === started) loaded = index; }, () => { if (loading === started) loading = undefined; });
      return started;
    },
    stale(index) {
      if (loaded !== index) return;
      loading = undefined;
      loaded = undefined;
    },
  };
}
