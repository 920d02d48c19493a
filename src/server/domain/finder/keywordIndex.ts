/**
 * The finder's keyword index in memory: every bond as the list gives it and its search text, in the
 * relevance sort's name order ("C" collation, then id, as PostgreSQL sorts it), with each
 * three-character piece of text listing the bonds that contain it. A first relevance page for a
 * keyword alone is then ranked, counted and given in process after one version read (shared by the
 * searches arriving together, keptPages.ts): a dealer's new keyword or page size no longer costs a
 * ranked scan of its matches planned on every call, which kept uncached searches at several times a
 * health check.
 *
 * It answers exactly what the SQL ranks answer (sorts.ts, relevance): prefix `k%`, then word start
 * `% k%`, then every word anywhere, as LIKE compares the stored text. It is loaded with the index
 * version it was read under and answers only while that version stands: every change the finder
 * reads rebuilds the index and bumps the version (searchIndex.ts). Otherwise the caller reads the
 * page the general way and the next search loads the index afresh.
 */
import { sql } from 'drizzle-orm';
import type { FinderBond } from '../../../shared/contracts/finder.js';
import type { DbOrTx } from '../../db/database.js';
import { versionColumn } from './rankSizes.js';
import { COLUMNS, toBond, type BondRow } from './rows.js';

export interface KeywordIndex {
  version: string | null;
  /** Each bond as the list gives it, in name order. */
  bonds: FinderBond[];
  texts: string[];
  /** Positions (ascending) of the bonds whose text holds each three-character piece (gramKey). */
  grams: Map<number, Int32Array>;
  /** Keywords already ranked in this index, so another page size of one costs no ranking. */
  ranked: Map<string, Ranked>;
}

/** A first page ranked in memory: its first `limit + 1` matches in order, their ranks, and every rank's size. */
export interface RankedPage {
  bonds: FinderBond[];
  ranks: number[];
  sizes: number[];
}

/** A keyword's matches as a first page needs them: the first KEPT positions in relevance order, their ranks, each rank's size. */
interface Ranked {
  positions: number[];
  ranks: number[];
  sizes: number[];
}

/** The largest first page the list allows (100 rows) and the row that tells there is a next one. */
const KEPT = 101;

/** Keywords ranked per loaded index; when full, all are dropped (each is cheap to rank again). */
const MOST_KEYWORDS = 5000;

/** A three-character piece as one number (UTF-16 units, each below 2^16): cheaper Map keys than strings. */
const gramKey = (text: string, at: number) => text.charCodeAt(at) * 4294967296 + text.charCodeAt(at + 1) * 65536 + text.charCodeAt(at + 2);

async function load(db: DbOrTx): Promise<KeywordIndex> {
  // One statement, so the rows and the version come from one snapshot.
  const { rows } = (await db.execute(sql`select ${COLUMNS}, s.search_text as text, ${versionColumn}
    from finstrument_search s order by s.display_name collate "C", s.finstrument_id`)) as unknown as {
    rows: (BondRow & { text: string; version: string | null })[];
  };
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
    bonds: rows.map(toBond),
    texts: rows.map((r) => r.text),
    grams,
    ranked: new Map(),
  };
}

/**
 * The first `limit + 1` matches of `tokens` (lower-cased words; the keyword is them joined by one
 * space) in relevance order, with each rank's size; undefined when no word is three characters long,
 * as the pieces cannot narrow such a keyword (those stay with the database), or for a page longer
 * than the list allows.
 */
export function rankKeyword(index: KeywordIndex, tokens: readonly string[], limit: number): RankedPage | undefined {
  if (limit + 1 > KEPT) return undefined;
  const keyword = tokens.join(' ');
  let ranked = index.ranked.get(keyword);
  if (ranked === undefined) {
    ranked = rankAll(index, tokens, keyword);
    if (ranked === undefined) return undefined;
    if (index.ranked.size >= MOST_KEYWORDS) index.ranked.clear();
    index.ranked.set(keyword, ranked);
  }
  const positions = ranked.positions.slice(0, limit + 1);
  return {
    bonds: positions.map((p) => index.bonds[p]!),
    ranks: ranked.ranks.slice(0, limit + 1),
    sizes: ranked.sizes,
  };
}

/** The positions in both ascending lists; `inner` is the shorter. */
function intersect(inner: Int32Array, outer: Int32Array): Int32Array {
  const out = new Int32Array(inner.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < inner.length && j < outer.length; i++) {
    const p = inner[i]!;
    while (j < outer.length && outer[j]! < p) j++;
    if (outer[j] === p) out[n++] = p;
  }
  return out.subarray(0, n);
}

function rankAll(index: KeywordIndex, tokens: readonly string[], keyword: string): Ranked | undefined {
  // Every match holds every piece of every word: the candidates are the bonds in all their lists.
  const lists: Int32Array[] = [];
  for (const token of tokens) {
    for (let at = 0; at + 3 <= token.length; at++) lists.push(index.grams.get(gramKey(token, at)) ?? new Int32Array(0));
  }
  if (lists.length === 0) return undefined;
  lists.sort((a, b) => a.length - b.length);
  const candidates = lists.reduce(intersect);
  const wordStart = ` ${keyword}`;
  const sizes = [0, 0, 0];
  const byRank: number[][] = [[], [], []];
  for (let c = 0; c < candidates.length; c++) {
    const p = candidates[c]!;
    const text = index.texts[p]!;
    // One search finds the keyword's first place: at 0 it is a prefix, after a space a word start.
    // A text holding the whole keyword holds each word; one without it may still hold each apart.
    const at = text.indexOf(keyword);
    let rank: number;
    if (at === 0) rank = 0;
    else if (at > 0) rank = text.charCodeAt(at - 1) === 32 || text.includes(wordStart, at) ? 1 : 2;
    else if (tokens.length > 1 && tokens.every((t) => text.includes(t))) rank = 2;
    else continue;
    sizes[rank]! += 1;
    const kept = byRank[rank]!;
    if (kept.length < KEPT) kept.push(p);
  }
  const positions = [...byRank[0]!, ...byRank[1]!, ...byRank[2]!].slice(0, KEPT);
  const ranks = positions.map((_, i) => (i < byRank[0]!.length ? 0 : i < byRank[0]!.length + byRank[1]!.length ? 1 : 2));
  return { positions, ranks, sizes };
}

export interface KeywordIndexHolder {
  /** The index, loaded on first use (callers arriving during a load share it). */
  current(): Promise<KeywordIndex>;
  /** The database holds a version other than `index`'s: the next search loads the index afresh. */
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
      started.then(
        (index) => {
          if (loading === started) loaded = index;
        },
        () => {
          if (loading === started) loading = undefined;
        },
      );
      return started;
    },
    stale(index) {
      if (loaded !== index) return;
      loading = undefined;
      loaded = undefined;
    },
  };
}
