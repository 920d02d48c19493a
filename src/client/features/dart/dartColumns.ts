/** Column definitions of the dart panels, as typed data (STYLE): quotes (runs, RFQ, the user's), negotiations, depth, counterparties. */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { ClusterView, Depth, EoiView } from '../../../shared/contracts/trading';
import { formatYieldPercent } from '../../../shared/validation';
import type { Counterparty } from './network';
import { OverriddenPrice } from './priceOverrides';

const amount = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const price = ({ value }: ValueFormatterParams) => (typeof value === 'number' ? value.toFixed(4) : '—');
const percent = ({ value }: ValueFormatterParams) => (typeof value === 'number' ? formatYieldPercent(value) : '—');
const quantum = ({ value }: ValueFormatterParams) => (typeof value === 'number' ? amount.format(value) : '—');
const side = ({ value }: ValueFormatterParams) => (value === 'BID' ? 'Bid' : value === 'ASK' ? 'Offer' : String(value ?? ''));
export const BEST_TAG = 'Best';
const best = ({ value }: ValueFormatterParams) => (value === true ? BEST_TAG : '');
const time = ({ value }: ValueFormatterParams) => (typeof value === 'string' ? value.slice(11, 16) : '');
const numeric = { type: 'rightAligned' as const, cellClass: 'kosh-dart__num' };
const sideClass = {
  cellClassRules: {
    'kosh-dart__bid': ({ value }: { value: unknown }) => value === 'BID' || value === 'BUY',
    'kosh-dart__ask': ({ value }: { value: unknown }) => value === 'ASK' || value === 'SELL',
  },
};

/** Public runs, private runs and the user's own quotes. */
export function quoteColumns(options: { showClient: boolean }): ColDef<EoiView>[] {
  return [
    { field: 'bond_name', headerName: 'Bond', flex: 2, minWidth: 150, tooltip: ({ data }) => data?.isin },
    { field: 'isin', headerName: 'ISIN', width: 112 },
    { field: 'quote_type', headerName: 'Side', width: 62, valueFormatter: side, ...sideClass },
    { field: 'quantum', headerName: 'Quantum', width: 115, valueFormatter: quantum, ...numeric },
    {
      field: 'unit_price_stored',
      headerName: 'Price',
      width: 90,
      valueFormatter: price,
      ...numeric,
      // Only an overridden quote's cell pays for a component; the rest render as plain text.
      cellRendererSelector: ({ data }) => (data?.price_overridden ? { component: OverriddenPrice } : undefined),
    },
    { field: 'yield_stored', headerName: 'Yield', width: 85, valueFormatter: percent, ...numeric },
    // The sender marked this as their best price; sorting puts the best quotes together.
    {
      field: 'is_best',
      headerName: 'Best',
      headerTooltip: "The sender's best price",
      width: 84,
      valueFormatter: best,
      // A small text tag, not ag-grid's checkbox for a boolean column.
      cellDataType: false,
      cellClassRules: { 'kosh-dart__best': ({ value }) => value === true },
    },
    { field: 'settlement_date', headerName: 'Settles', width: 100 },
    ...(options.showClient
      ? [
          {
            colId: 'client',
            headerName: 'Client',
            flex: 1,
            minWidth: 100,
            valueGetter: ({ data }: { data?: EoiView }) => data?.client?.name ?? 'Anonymous',
          },
        ]
      : []),
    { field: 'exchange', headerName: 'RFQ', width: 70 },
    { field: 'status', headerName: 'State', width: 100 },
    { field: 'expires_at', headerName: 'Expires', width: 80, valueFormatter: time },
  ];
}

const CLUSTER_STATES: Record<ClusterView['status'], string> = {
  withOwner: 'With owner',
  withResponder: 'With responder',
  accepted: 'Accepted',
  onExchange: 'On exchange',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
  closed: 'Closed',
  expired: 'Expired',
};

export const negotiationColumns: ColDef<ClusterView>[] = [
  { field: 'bond_name', headerName: 'Bond', flex: 2, minWidth: 150, tooltip: ({ data }) => data?.isin },
  { field: 'my_side', headerName: 'Side', width: 70, ...sideClass },
  {
    colId: 'quantity',
    headerName: 'Quantity',
    width: 115,
    valueGetter: ({ data }) => data?.figures.quantity,
    valueFormatter: quantum,
    ...numeric,
  },
  {
    colId: 'price',
    headerName: 'Price',
    width: 90,
    valueGetter: ({ data }) => data?.figures.unit_clean_price,
    valueFormatter: price,
    ...numeric,
  },
  {
    colId: 'yield',
    headerName: 'Yield',
    width: 85,
    valueGetter: ({ data }) => data?.figures.bond_yield,
    valueFormatter: percent,
    ...numeric,
  },
  {
    colId: 'counterparty',
    headerName: 'Counterparty',
    flex: 1,
    minWidth: 110,
    valueGetter: ({ data }) => data?.counterparty?.name ?? 'Anonymous',
  },
  { colId: 'state', headerName: 'State', width: 120, valueGetter: ({ data }) => (data ? CLUSTER_STATES[data.status] : '') },
  {
    colId: 'exchange',
    headerName: 'Exchange',
    width: 130,
    valueGetter: ({ data }) => (data?.deal ? `${data.deal.exchange} ${data.deal.exchange_status.toLowerCase()}` : ''),
    tooltip: ({ data }) => data?.deal?.rejection_reason ?? undefined,
  },
];

/** One price level of the depth, with its side. */
export type DepthRow = Depth['bids'][number] & { key: string; side: 'BID' | 'ASK' };

export const depthColumns: ColDef<DepthRow>[] = [
  { field: 'side', headerName: 'Side', width: 62, valueFormatter: side, ...sideClass },
  { field: 'unit_price', headerName: 'Price', width: 90, valueFormatter: price, ...numeric },
  { field: 'yield', headerName: 'Yield', width: 85, valueFormatter: percent, ...numeric },
  { field: 'quantum', headerName: 'Quantum', flex: 1, minWidth: 100, valueFormatter: quantum, ...numeric },
  { field: 'quotes', headerName: 'Quotes', width: 70, ...numeric },
];

export const networkColumns: ColDef<Counterparty>[] = [
  { field: 'name', headerName: 'Counterparty', flex: 2, minWidth: 130 },
  { field: 'negotiations', headerName: 'Negotiations', width: 110, ...numeric },
  { field: 'deals', headerName: 'Deals', width: 75, ...numeric },
  { field: 'quotes', headerName: 'Private quotes', width: 115, ...numeric },
];
