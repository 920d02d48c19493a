/** The bond search's list call (spec 02 §7): the finder list by keyword, available bonds only. */
import { MARKET_LIST_PAGE_SIZE, MATURED_LABEL, UNLISTED_LABEL } from '../../shared/constants';
import type { FinderBond } from '../../shared/contracts/finder';
import { EMPTY_FILTERS, listBonds, toCategoryValues } from '../api/finderApi';

export type SearchBond = FinderBond;

/** Matured: the maturity date is before `today` (spec 02 §4). */
export function isMatured(bond: SearchBond, today: string): boolean {
  const maturity = bond.contract_parameters.maturity_date;
  return maturity !== null && maturity < today;
}

/** The '(UNLISTED)' / '(MATURED)' labels of a bond (spec 02 §9). */
export function bondLabels(bond: SearchBond, today: string): string[] {
  const labels: string[] = [];
  if (!bond.contract_parameters.is_listed) labels.push(UNLISTED_LABEL);
  if (isMatured(bond, today)) labels.push(MATURED_LABEL);
  return labels;
}

/** Searches bonds by name, ISIN or issuer; entries with `available` false are skipped. */
export async function searchBonds(keyword: string, signal?: AbortSignal): Promise<SearchBond[]> {
  const page = await listBonds(toCategoryValues({ ...EMPTY_FILTERS, keyword }), { limit: MARKET_LIST_PAGE_SIZE }, signal);
  return page.results.filter((bond) => bond.available);
}
