/** The bond search's list call (spec 02 §7): the finder list by keyword, available bonds only. */
import { BOND_TYPE, MARKET_LIST_PAGE_SIZE } from '../../shared/constants';
import { finderListResponseSchema, type FinderBond } from '../../shared/contracts/finder';
import { MATURED_LABEL, UNLISTED_LABEL } from '../../shared/constants';
import { api } from '../api/http';

export type SearchBond = FinderBond;

/** Today's business date as YYYY-MM-DD in Asia/Kolkata (DESIGN §4 dates). */
export function todayIso(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Matured: the maturity date is in the past (spec 02 §4). */
export function isMatured(bond: SearchBond, today = todayIso()): boolean {
  const maturity = bond.contract_parameters.maturity_date;
  return maturity !== null && maturity < today;
}

/** The '(UNLISTED)' / '(MATURED)' labels of a bond (spec 02 §9). */
export function bondLabels(bond: SearchBond, today = todayIso()): string[] {
  const labels: string[] = [];
  if (!bond.contract_parameters.is_listed) labels.push(UNLISTED_LABEL);
  if (isMatured(bond, today)) labels.push(MATURED_LABEL);
  return labels;
}

/** Searches bonds by name, ISIN or issuer; entries with `available` false are skipped. */
export async function searchBonds(keyword: string, signal?: AbortSignal): Promise<SearchBond[]> {
  const page = await api.post('/api/client-finstrument-list/', {
    pagination_params: { limit: MARKET_LIST_PAGE_SIZE },
    category_values: { keyword_string: keyword, finstrument_type: BOND_TYPE },
  }, { schema: finderListResponseSchema });
  if (signal?.aborted) return [];
  return page.results.filter((bond) => bond.available);
}
