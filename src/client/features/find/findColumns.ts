/** The finder grid's columns, as typed data; the CSV and XLSX exports use the same labels and values. */
import type { ColDef, GetRowIdFunc, ValueFormatterParams } from 'ag-grid-community';
import type { FinderBond } from '../../../shared/contracts/finder';
import { SECURITY_TYPE_LABELS } from '../../../shared/instruments';
import { formatYieldPercent } from '../../../shared/validation';
import { MATURED_LABEL, UNLISTED_LABEL } from '../../../shared/constants';

export interface FindColumn {
  colId: string;
  header: string;
  /** The exported value (CSV/XLSX): plain numbers and text. */
  value: (bond: FinderBond) => string | number | null;
  hiddenByDefault?: boolean;
  /** Always shown (cannot be hidden in the chooser). */
  fixed?: boolean;
  width?: number;
  numeric?: boolean;
}

const percent = (fraction: number | undefined | null) =>
  fraction === undefined || fraction === null ? null : formatYieldPercent(fraction);

export const FIND_COLUMNS: readonly FindColumn[] = [
  { colId: 'name', header: 'Bond', value: (b) => b.display_name, fixed: true, width: 260 },
  { colId: 'isin', header: 'ISIN', value: (b) => b.identifiers.ISIN, width: 140 },
  { colId: 'issuer', header: 'Issuer', value: (b) => b.issuer.name, width: 200 },
  { colId: 'type', header: 'Type', value: (b) => SECURITY_TYPE_LABELS[b.contract_parameters.security_type], width: 100 },
  { colId: 'coupon', header: 'Coupon', value: (b) => percent(b.contract_parameters.coupon_rate), width: 100, numeric: true },
  { colId: 'maturity', header: 'Maturity', value: (b) => b.contract_parameters.maturity_date ?? 'Perpetual', width: 120 },
  { colId: 'rating', header: 'Rating', value: (b) => (b.rating ? `${b.rating.agency} ${b.rating.rating}` : 'Unrated'), width: 140 },
  { colId: 'lastYield', header: 'Last yield', value: (b) => percent(b.last_yield), width: 110, numeric: true },
  {
    colId: 'lastPrice',
    header: 'Last price',
    value: (b) => (b.last_price === undefined ? null : b.last_price.toFixed(4)),
    width: 110,
    numeric: true,
  },
  {
    colId: 'faceValue',
    header: 'Face value',
    value: (b) => b.contract_parameters.face_value,
    width: 120,
    numeric: true,
    hiddenByDefault: true,
  },
  {
    colId: 'secured',
    header: 'Secured',
    value: (b) => (b.contract_parameters.is_secured ? 'Secured' : 'Unsecured'),
    width: 110,
    hiddenByDefault: true,
  },
  {
    colId: 'listed',
    header: 'Listed',
    value: (b) => (b.contract_parameters.is_listed ? 'Listed' : UNLISTED_LABEL),
    width: 110,
    hiddenByDefault: true,
  },
  { colId: 'seniority', header: 'Seniority', value: (b) => b.contract_parameters.seniority, width: 120, hiddenByDefault: true },
];

export const DEFAULT_HIDDEN = FIND_COLUMNS.filter((c) => c.hiddenByDefault).map((c) => c.colId);

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** ag-grid column definitions for the visible columns. */
export function findColumnDefs(hidden: readonly string[], today: string): ColDef<FinderBond>[] {
  return FIND_COLUMNS.map((column) => ({
    colId: column.colId,
    headerName: column.header,
    hide: hidden.includes(column.colId),
    width: column.width,
    flex: column.colId === 'name' ? 1 : undefined,
    minWidth: column.colId === 'name' ? 200 : undefined,
    type: column.numeric ? 'rightAligned' : undefined,
    valueGetter: ({ data }) => (data ? column.value(data) : null),
    valueFormatter:
      column.colId === 'faceValue'
        ? ({ value }: ValueFormatterParams<FinderBond>) => (typeof value === 'number' ? inr.format(value) : '')
        : column.colId === 'name'
          ? ({ data, value }: ValueFormatterParams<FinderBond>) => {
              const matured = data?.contract_parameters.maturity_date != null && data.contract_parameters.maturity_date < today;
              return `${String(value ?? '')}${matured ? ` ${MATURED_LABEL}` : ''}`;
            }
          : ({ value }: ValueFormatterParams<FinderBond>) => (value === null || value === undefined ? '—' : String(value)),
  }));
}

export const defaultFindColumn: ColDef<FinderBond> = { sortable: false, suppressMovable: true };

export const getFindRowId: GetRowIdFunc<FinderBond> = ({ data }) => String(data.id);
