/** The bond's reported trades (POST /api/trades/:id/, paid data), newest first, a page at a time. */
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useState } from 'react';
import type { TradeRow } from '../../../shared/contracts/instruments';
import { useGridTheme } from '../../ui/grid';
import { formatDate, formatFixed, formatInr, formatPercent } from './format';
import { Panel, PanelState } from './PanelBody';
import { TRADES_PAGE_SIZE, tradesQuery } from './securityQueries';

const tradeColumns: ColDef<TradeRow>[] = [
  {
    field: 'traded_at',
    headerName: 'Traded at',
    flex: 1,
    minWidth: 150,
    valueFormatter: ({ value }) =>
      new Date(String(value)).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' }),
  },
  { field: 'settlement_date', headerName: 'Settles', width: 120, valueFormatter: ({ value }) => formatDate(value as string) },
  { field: 'quantity', headerName: 'Quantity', width: 150, type: 'rightAligned', valueFormatter: ({ value }) => formatInr(Number(value)) },
  {
    field: 'clean_price',
    headerName: 'Price',
    width: 100,
    type: 'rightAligned',
    valueFormatter: ({ value }) => formatFixed(value as number, 4),
  },
  { field: 'yield', headerName: 'Yield', width: 100, type: 'rightAligned', valueFormatter: ({ value }) => formatPercent(value as number) },
  { field: 'exchange', headerName: 'Exchange', width: 100 },
];
const getTradeRowId = ({ data }: { data: TradeRow }) => String(data.id);

export function TradesPanel({ finstrumentId }: { finstrumentId: number }) {
  const [page, setPage] = useState(1);
  const trades = useQuery(tradesQuery(finstrumentId, page));
  const gridTheme = useGridTheme();
  const pages = trades.data ? Math.max(1, Math.ceil(trades.data.count / TRADES_PAGE_SIZE)) : 1;
  return (
    <Panel
      title="Trade history"
      actions={
        trades.data &&
        trades.data.count > TRADES_PAGE_SIZE && (
          <ButtonGroup>
            <Button icon="chevron-left" aria-label="Newer trades" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} />
            <Button variant="minimal" disabled text={`${page} / ${pages}`} />
            <Button icon="chevron-right" aria-label="Older trades" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} />
          </ButtonGroup>
        )
      }
    >
      <PanelState query={trades} finstrumentId={finstrumentId}>
        {() =>
          trades.data!.results.length === 0 ? (
            <p className="bp6-text-muted">No trades reported for this bond.</p>
          ) : (
            <div className="kosh-security__trades" data-testid="trades-grid">
              <AgGridReact<TradeRow>
                theme={gridTheme}
                rowData={trades.data!.results}
                columnDefs={tradeColumns}
                getRowId={getTradeRowId}
                domLayout="autoHeight"
                loading={trades.isPlaceholderData}
              />
            </div>
          )
        }
      </PanelState>
    </Panel>
  );
}
