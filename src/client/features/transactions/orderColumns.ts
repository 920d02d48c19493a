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
  width?: number;
  numeric?: boolean;
}

const grouped = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Quantity (face value) in Indian grouping: 1,00,00,000. */
export const formatQuantity = (quantity: number) => grouped.format(quantity);

export const ORDER_COLUMNS: readonly OrderColumn[] = [
  { colId: 'traded', header: 'Traded', value: (o) => `${o.trade_date} ${o.trade_time}`, display: (o) => `${formatDate(o.trade_date)} ${o.trade_time}`, width: 150 },
  { colId: 'side', header: 'Side', value: sideOf, width: 70 },
  { colId: 'bond', header: 'Bond', value: (o) => o.bond_name, width: 220 },
  { colId: 'isin', header: 'ISIN', value: (o) => o.isin, width: 125 },
  { colId: 'counterparty', header: 'Counterparty', value: (o) => o.counterparty.name, width: 180 },
  { colId: 'quantity', header: 'Quantity', value: (o) => o.quantity, display: (o) => formatQuantity(o.quantity), width: 125, numeric: true },
  { colId: 'price', header: 'Price', value: (o) => o.unit_price, width: 95, numeric: true },
  { colId: 'yield', header: 'Yield', value: (o) => formatYieldPercent(o.yield), width: 95, numeric: true },
  { colId: 'consideration', header: 'Consideration', value: (o) => o.consideration, display: (o) => formatInr(o.consideration), width: 150, numeric: true },
  { colId: 'settlement', header: 'Settles', value: (o) => o.settlement_date, display: (o) => formatDate(o.settlement_date), width: 115 },
  { colId: 'exchange', header: 'Exchange', value: (o) => o.exchange, width: 90 },
  { colId: 'status', header: 'Status', value: (o) => STATUS_LABELS[o.status], width: 170 },
  { colId: 'late', header: 'Late', value: (o) => (o.late_reported ? LATE_LABEL : ''), width: 70 },
];

/** ag-grid column definitions of the orders grid. */
export function orderColumnDefs(): ColDef<OrderView>[] {
  return ORDER_COLUMNS.map((column) => ({
    colId: column.colId,
    headerName: column.header,
    width: column.width,
    flex: column.colId === 'bond' ? 1 : undefined,
    minWidth: column.colId === 'bond' ? 180 : undefined,
    type: column.numeric ? 'rightAligned' : undefined,
    valueGetter: ({ data }) => (data ? (column.display ?? column.value)(data) : null),
    cellClass: column.colId === 'status'
      ? ({ data }) => (data ? `kosh-order-status kosh-order-status--${data.status}` : '')
      : column.colId === 'side'
        ? ({ data }) => (data ? `kosh-order-side--${sideOf(data).toLowerCase()}` : '')
        : column.colId === 'late' ? 'kosh-order-late' : column.numeric ? 'kosh-orders__num' : undefined,
  }));
}

export const defaultOrderColumn: ColDef<OrderView> = { sortable: false, suppressMovable: true };

export const getOrderRowId: GetRowIdFunc<OrderView> = ({ data }) => String(data.id);
