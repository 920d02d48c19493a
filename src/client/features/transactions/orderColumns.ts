/** The orders grid's columns as typed data: the grid shows `display`, the CSV and XLSX exports take `value`. */
import type { ColDef, GetRowIdFunc } from 'ag-grid-community';
import type { OrderView } from '../../../shared/contracts/orders';
import { formatYieldPercent } from '../../../shared/validation';
import { formatDate, formatInr } from '../security/format';
import { LATE_LABEL, sideOf, STATUS_LABELS } from './orderLabels';

export interface OrderColumn {
  colId: string;
  header: string;
  /** The exported value: plain numbers and text. */
  value: (order: OrderView) => string | number | null;
  /** What the grid shows, when it differs from the exported value. */
  display?: (order: OrderView) => string;
  /** Width in pixels; with `flex`, the least it shrinks to. */
  width?: number;
  /** Shares the grid's spare width. */
  flex?: number;
  numeric?: boolean;
  /** In the files only (the grid shows it inside another column). */
  exportOnly?: boolean;
}

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Quantity (face value) in Indian grouping: 1,00,00,000. */
export const formatQuantity = (quantity: number) => grouped.format(quantity);

export const ORDER_COLUMNS: readonly OrderColumn[] = [
  {
    colId: 'traded',
    header: 'Traded',
    value: (o) => `${o.trade_date} ${o.trade_time}`,
    display: (o) => `${formatDate(o.trade_date)} ${o.trade_time}`,
    width: 145,
  },
  { colId: 'side', header: 'Side', value: sideOf, width: 62 },
  { colId: 'bond', header: 'Bond', value: (o) => o.bond_name, display: (o) => `${o.bond_name} · ${o.isin}`, flex: 2, width: 200 },
  // The grid shows the ISIN with the bond's name; the files keep it in a column of its own.
  { colId: 'isin', header: 'ISIN', value: (o) => o.isin, width: 125, exportOnly: true },
  { colId: 'counterparty', header: 'Counterparty', value: (o) => o.counterparty.name, flex: 1, width: 130 },
  {
    colId: 'quantity',
    header: 'Quantity',
    value: (o) => o.quantity,
    display: (o) => formatQuantity(o.quantity),
    width: 115,
    numeric: true,
  },
  { colId: 'price', header: 'Price', value: (o) => o.unit_price, width: 88, numeric: true },
  { colId: 'yield', header: 'Yield', value: (o) => formatYieldPercent(o.yield), width: 88, numeric: true },
  {
    colId: 'consideration',
    header: 'Consideration',
    value: (o) => o.consideration,
    display: (o) => formatInr(o.consideration),
    width: 140,
    numeric: true,
  },
  { colId: 'settlement', header: 'Settles', value: (o) => o.settlement_date, display: (o) => formatDate(o.settlement_date), width: 108 },
  { colId: 'exchange', header: 'Exch.', value: (o) => o.exchange, width: 70 },
  { colId: 'status', header: 'Status', value: (o) => STATUS_LABELS[o.status], width: 168 },
  { colId: 'late', header: 'Late', value: (o) => (o.late_reported ? LATE_LABEL : ''), width: 62 },
];

/** ag-grid column definitions of the orders grid. */
export function orderColumnDefs(): ColDef<OrderView>[] {
  return ORDER_COLUMNS.filter((column) => !column.exportOnly).map((column) => ({
    colId: column.colId,
    headerName: column.header,
    width: column.flex ? undefined : column.width,
    flex: column.flex,
    minWidth: column.flex ? column.width : undefined,
    type: column.numeric ? 'rightAligned' : undefined,
    valueGetter: ({ data }) => (data ? (column.display ?? column.value)(data) : null),
    cellClass:
      column.colId === 'status'
        ? ({ data }) => (data ? `kosh-order-status kosh-order-status--${data.status}` : '')
        : column.colId === 'side'
          ? ({ data }) => (data ? `kosh-order-side--${sideOf(data).toLowerCase()}` : '')
          : column.colId === 'late'
            ? 'kosh-order-late'
            : column.numeric
              ? 'kosh-orders__num'
              : undefined,
  }));
}

export const defaultOrderColumn: ColDef<OrderView> = { sortable: false, suppressMovable: true };

export const getOrderRowId: GetRowIdFunc<OrderView> = ({ data }) => String(data.id);
