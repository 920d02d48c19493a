/**
 * /client/transactions (issue #9): the caller's orders, as buyer and as seller, in one grid with
 * server-side paging; filters by state (Open by default), counterparty, bond and trade dates; CSV
 * and XLSX exports of every matching order; a row opens the order's drawer (figures, timeline,
 * the actions the server allows). Orders change live: the feed's partial refresh refetches them.
 */
import { Button, ButtonGroup, H2, HTMLSelect, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { RowClickedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useState } from 'react';
import type { OrderView } from '../../../shared/contracts/orders';
import { isViewOnly } from '../../../shared/accessPolicy';
import type { OrderListFilters } from '../../api/ordersApi';
import { useGuardSession } from '../../app/sessionView';
import { useGridTheme } from '../../ui/grid';
import { LoadFailed } from '../../ui/LoadFailed';
import { defaultOrderColumn, getOrderRowId, orderColumnDefs } from './orderColumns';
import { EMPTY_ORDERS_TEXT, NO_MATCHING_ORDERS_TEXT, NO_OPEN_ORDERS_TEXT } from './orderLabels';
import { OrderDrawer } from './OrderDrawer';
import { ordersQuery } from './orderQueries';
import { ReportTradeDialog } from './ReportTradeDialog';
import { DEFAULT_FILTERS, isUnfiltered, TransactionFilters, useSettledSearch, type TransactionFilterValues } from './TransactionFilters';
import { useOrderExports } from './useOrderExports';
import { useOrdersLive } from './useOrdersLive';
import './transactions.css';

export const PAGE_SIZES = [20, 50, 100] as const;
const countFormat = new Intl.NumberFormat('en-IN');

/** What the dialog slot holds: a new report, or the order being modified. */
type DialogRequest = { kind: 'report' } | { kind: 'modify'; order: OrderView };

export function TransactionsPage() {
  useOrdersLive();
  const session = useGuardSession();
  const canReport = session.status === 'authenticated' && !isViewOnly(session.roles);
  const [filters, setFilters] = useState<TransactionFilterValues>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<OrderView | null>(null);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const search = useSettledSearch(filters.search);

  const query: OrderListFilters = useMemo(
    () => ({
      state: filters.state,
      page,
      pageSize,
      counterpartyClientId: filters.counterparty?.client_id,
      search,
      from: filters.from,
      to: filters.to,
    }),
    [filters.state, filters.counterparty, filters.from, filters.to, search, page, pageSize],
  );
  const list = useQuery(ordersQuery(query));
  const exports = useOrderExports(query);
  // Thirteen columns: tighter cell padding than the app's grids keeps them readable on a laptop.
  const appGridTheme = useGridTheme();
  const gridTheme = useMemo(() => appGridTheme.withParams({ cellHorizontalPadding: 8 }), [appGridTheme]);
  const columnDefs = useMemo(() => orderColumnDefs(), []);
  const onRowClicked = useCallback((event: RowClickedEvent<OrderView>) => {
    if (event.data) setSelected(event.data);
  }, []);

  const changeFilters = (next: TransactionFilterValues) => {
    setFilters(next);
    setPage(1);
  };
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  // Under Open, settled and closed orders may exist: "No orders yet" would say they do not.
  const emptyTitle = !isUnfiltered(filters) ? NO_MATCHING_ORDERS_TEXT : filters.state === 'open' ? NO_OPEN_ORDERS_TEXT : EMPTY_ORDERS_TEXT;
  const reportButton = canReport && (
    <Button intent={Intent.PRIMARY} icon="plus" text="Report trade" onClick={() => setDialog({ kind: 'report' })} />
  );

  return (
    <div className="kosh-orders">
      <div className="kosh-orders__header">
        <H2>Transactions</H2>
        {reportButton}
        <ButtonGroup className="kosh-orders__exports">
          <Button icon="download" text="CSV" disabled={total === 0} loading={exports.busy === 'csv'} onClick={exports.csv} />
          <Button icon="th-derived" text="XLSX" disabled={total === 0} loading={exports.busy === 'xlsx'} onClick={exports.xlsx} />
        </ButtonGroup>
      </div>
      <TransactionFilters value={filters} onChange={changeFilters} />
      {list.isError ? (
        <LoadFailed title="The orders could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isSuccess && total === 0 ? (
        <NonIdealState
          icon="exchange"
          title={emptyTitle}
          description={
            isUnfiltered(filters) && filters.state === 'open' ? 'Open trades show here; choose All for settled and closed ones.' : undefined
          }
          action={
            isUnfiltered(filters) ? (
              reportButton || undefined
            ) : (
              <Button text="Clear filters" onClick={() => changeFilters(DEFAULT_FILTERS)} />
            )
          }
        />
      ) : (
        <div className="kosh-orders__grid" data-testid="orders-grid">
          <AgGridReact<OrderView>
            theme={gridTheme}
            columnDefs={columnDefs}
            defaultColDef={defaultOrderColumn}
            rowData={rows}
            getRowId={getOrderRowId}
            onRowClicked={onRowClicked}
            loading={list.isPending}
            rowClass="kosh-orders__row"
          />
        </div>
      )}
      <div className="kosh-orders__pager" role="navigation" aria-label="Pages">
        <span data-testid="orders-range">
          {list.isSuccess
            ? `${countFormat.format(first)}–${countFormat.format(first + rows.length - (rows.length > 0 ? 1 : 0))} of ${countFormat.format(total)}`
            : ''}
        </span>
        {list.isFetching && !list.isPending && <Spinner size={16} aria-label="Updating" />}
        <HTMLSelect
          aria-label="Rows per page"
          value={pageSize}
          options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} per page` }))}
          onChange={(e) => {
            setPageSize(Number(e.currentTarget.value));
            setPage(1);
          }}
        />
        <Button icon="chevron-left" aria-label="Previous page" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} />
        <span>
          Page {page} of {pages}
        </span>
        <Button icon="chevron-right" aria-label="Next page" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} />
      </div>
      <OrderDrawer order={selected} onClose={() => setSelected(null)} onModify={(order) => setDialog({ kind: 'modify', order })} />
      {dialog && (
        <ReportTradeDialog
          key={dialog.kind === 'modify' ? dialog.order.id : 'report'}
          order={dialog.kind === 'modify' ? dialog.order : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
