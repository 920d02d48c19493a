/**
 * The finder's filters as SQL over the denormalised `finstrument_search s` (FINDER_FROM): every
 * category option is one condition, so a category filter is the OR of its selected options and a
 * facet count is `count(*) filter (where option)` under the other categories' filters.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  BOND_CATEGORIES,
  BOND_SECURITY,
  CREDIT_RATING_BUCKETS,
  TIME_TO_MATURITY_BUCKETS,
  type CategoryValues,
  type FinderCategory,
} from '../../../shared/contracts/finder.js';
import { SECURITY_TYPE_LABELS, SECURITY_TYPES } from '../../../shared/instruments.js';

export interface CategoryOptionDef {
  value: string;
  label: string;
  condition: SQL;
}

const GOVERNMENT = sql`s.security_type in ('GSEC', 'SDL', 'TBILL')`;

function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** Remaining tenor in (from, to] years of `today`; open-ended at the top. */
function tenor(today: string, from: number, to: number | null): SQL {
  const lower = sql`s.effective_maturity > ${addYears(today, from)}::date`;
  return to === null ? lower : sql`(${lower} and s.effective_maturity <= ${addYears(today, to)}::date)`;
}

const TENOR_RANGES: Readonly<Record<(typeof TIME_TO_MATURITY_BUCKETS)[number], readonly [number, number | null]>> = {
  '<1Y': [0, 1],
  '1-3Y': [1, 3],
  '3-5Y': [3, 5],
  '5-10Y': [5, 10],
  '>10Y': [10, null],
};

const BOND_CATEGORY_DEFS: Readonly<Record<(typeof BOND_CATEGORIES)[number], readonly [string, SQL]>> = {
  GOVERNMENT: ['Government', GOVERNMENT],
  CORPORATE: ['Corporate', sql`not (${GOVERNMENT})`],
  TAX_FREE: ['Tax-free', sql`s.is_tax_free`],
  PERPETUAL: ['Perpetual', sql`s.is_perpetual`],
};

const RATING_LABELS: Readonly<Record<(typeof CREDIT_RATING_BUCKETS)[number], string>> = {
  SOV: 'Sovereign',
  AAA: 'AAA',
  AA: 'AA',
  A: 'A',
  BBB: 'BBB',
  BELOW_BBB: 'Below BBB',
  UNRATED: 'Unrated',
};

/** Every option of `category`, in display order. */
export function categoryOptions(category: FinderCategory, today: string): CategoryOptionDef[] {
  switch (category) {
    case 'bondCategory':
      return BOND_CATEGORIES.map((v) => ({ value: v, label: BOND_CATEGORY_DEFS[v][0], condition: BOND_CATEGORY_DEFS[v][1] }));
    case 'securityType':
      return SECURITY_TYPES.map((v) => ({ value: v, label: SECURITY_TYPE_LABELS[v], condition: sql`s.security_type = ${v}` }));
    case 'creditRating':
      return CREDIT_RATING_BUCKETS.map((v) => ({ value: v, label: RATING_LABELS[v], condition: sql`s.rating_bucket = ${v}` }));
    case 'timeToMaturity':
      return TIME_TO_MATURITY_BUCKETS.map((v) => ({ value: v, label: v, condition: tenor(today, ...TENOR_RANGES[v]) }));
    case 'bondSecurity':
      return BOND_SECURITY.map((v) => ({
        value: v,
        label: v === 'SECURED' ? 'Secured' : 'Unsecured',
        condition: v === 'SECURED' ? sql`s.is_secured` : sql`not s.is_secured`,
      }));
  }
}

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The keyword's words, lower-cased: each must appear in the name, ISIN or issuer text. */
export const keywordTokens = (keyword: string | undefined) => (keyword ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** The keyword's conditions: each of its words appears in the search text. */
export const keywordConditions = (keyword: string | undefined) =>
  keywordTokens(keyword).map((token) => sql`s.search_text like ${`%${escapeLike(token)}%`}`);

/** The conditions of `values`, leaving out `except`'s own filter (the faceting rule). */
export function filterConditions(values: CategoryValues, today: string, except?: FinderCategory): SQL[] {
  const out = keywordConditions(values.keyword_string);
  if (values.finstrument_ids?.length)
    out.push(
      sql`s.finstrument_id in (${sql.join(
        values.finstrument_ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (values.preferred) out.push(sql`s.available`);
  for (const category of ['bondCategory', 'securityType', 'creditRating', 'timeToMaturity', 'bondSecurity'] as const) {
    const selected = values[category];
    if (category === except || !selected?.length) continue;
    const chosen = categoryOptions(category, today).filter((o) => (selected as readonly string[]).includes(o.value));
    out.push(
      sql`(${sql.join(
        chosen.map((o) => o.condition),
        sql` or `,
      )})`,
    );
  }
  return out;
}

export const whereOf = (conditions: readonly SQL[]) => (conditions.length ? sql`where ${sql.join([...conditions], sql` and `)}` : sql``);

export const FINDER_FROM = sql`from finstrument_search s`;
