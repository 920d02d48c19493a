/**
 * One dart panel's grid. Fetched lists reach it as transactions (added, changed and gone rows by
 * id), and live `updates` rows of its topics go straight to `applyTransactionAsync` without
 * touching React state; changed cells flash. Focusing a row (click or arrow keys) reports it, so
 * the page can follow the row's bond.
 */
import {
  HighlightChangesModule,
  ModuleRegistry,
  ScrollApiModule,
  TooltipModule,
  type CellFocusedEvent,
  type ColDef,
  type GetRowIdParams,
  type GridApi,
  type GridReadyEvent,
  type ModelUpdatedEvent,
  type RowClassParams,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LIVE_TOPICS } from '../../../shared/contracts/live';
import { useLiveMessages } from '../../app/liveMessages';
import { useGridTheme } from '../../ui/grid';
import { isStale, mergeLiveRow } from './liveRows';

ModuleRegistry.registerModules([HighlightChangesModule, ScrollApiModule, TooltipModule]);

/** Sent to a grid's region element to move the keyboard focus to its first row (a panel shortcut). */
export const FOCUS_GRID_EVENT = 'kosh:focus-grid';

export type LiveTopic = (typeof LIVE_TOPICS)[number];

export interface LiveGridProps<T extends object> {
  /** The fetched list; undefined while it loads. */
  rows: T[] | undefined;
  columnDefs: ColDef<T>[];
  rowId: (row: T) => string;
  /** Live `updates` of these topics change the rows this grid holds. */
  topics?: readonly LiveTopic[];
  /** Whether a row still belongs here after a live change (e.g. a run shows only quotes on the market). */
  keep?: (row: T) => boolean;
  /** Called when a live row is one this grid does not hold, or a newer revision of one. */
  onStale?: () => void;
  /**
   * The focused row: `byUser` when the user focused it (click or arrow keys), otherwise the same
   * row changed by a live update or a refetch (null once it left the grid).
   */
  onFocusRow?: (row: T | null, byUser: boolean) => void;
  /** The bond the page follows: its rows are marked. */
  selectedBondId?: number | null;
  bondIdOf?: (row: T) => number | undefined;
  /** Shown in place of the grid when it holds no rows. */
  empty: React.ReactNode;
  label: string;
  /** What cell renderers read beside the row (e.g. announced amounts); a new one redraws the cells. */
  context?: object;
}

const defaultColDef: ColDef = { enableCellChangeFlash: true, resizable: true, sortable: true, minWidth: 70 };

/**
 * Applies a fetched list to the grid as one transaction: new rows added on top, held ones updated,
 * missing ones removed. Live changes still waiting are applied first, so the diff sees every row the grid
 * will hold (a row added twice would be a duplicate id).
 */
function syncRows<T extends object>(api: GridApi<T>, rows: T[], rowId: (row: T) => string) {
  api.flushAsyncTransactions();
  const incoming = new Set(rows.map(rowId));
  const add: T[] = [];
  const update: T[] = [];
  const remove: T[] = [];
  api.forEachNode((node) => {
    if (node.data && !incoming.has(rowId(node.data))) remove.push(node.data);
  });
  for (const row of rows) (api.getRowNode(rowId(row)) ? update : add).push(row);
  // Lists come newest first: new rows go on top, where a dealer looks, not below the fold.
  api.applyTransaction({ add, addIndex: 0, update, remove });
}

export function LiveGrid<T extends object>({
  rows,
  columnDefs,
  rowId,
  topics = [],
  keep = () => true,
  onStale,
  onFocusRow,
  selectedBondId = null,
  bondIdOf,
  empty,
  label,
  context,
}: LiveGridProps<T>) {
  const base = useGridTheme();
  const theme = useMemo(() => base.withParams({ rowHeight: 28, headerHeight: 30, fontSize: 12, spacing: 6 }), [base]);
  const [api, setApi] = useState<GridApi<T> | null>(null);
  const [count, setCount] = useState<number | null>(null);
  const latest = useRef({ keep, onStale, topics });
  const focused = useRef<{ id: string; row: T } | null>(null);
  // Rows merged from live changes whose transaction has not been applied yet: a second change to
  // the same row within one batch merges onto the first, not onto the row the grid still shows.
  const pending = useRef(new Map<string, T>());
  useEffect(() => {
    latest.current = { keep, onStale, topics };
  });

  useEffect(() => {
    if (api && rows) syncRows(api, rows, rowId);
  }, [api, rows, rowId]);

  useLiveMessages('updates', (message) => {
    const { keep: stays, onStale: stale, topics: handled } = latest.current;
    if (!api || !handled.includes(message.topic)) return;
    const update: T[] = [];
    const remove: T[] = [];
    let unknown = false;
    for (const live of message.rows) {
      const held = pending.current.get(live.id) ?? api.getRowNode(live.id)?.data;
      if (!held) {
        unknown = true;
        continue;
      }
      const merged = mergeLiveRow(held, live);
      const kept = stays(merged);
      (kept ? update : remove).push(merged);
      pending.current.set(live.id, merged);
      unknown ||= kept && isStale(held, live);
    }
    for (const id of message.removed ?? []) {
      const held = pending.current.get(id) ?? api.getRowNode(id)?.data;
      if (held) remove.push(held);
    }
    if (unknown) stale?.();
    if (!update.length && !remove.length) return;
    const sent = [...update, ...remove];
    api.applyTransactionAsync({ update, remove }, () => {
      for (const row of sent) if (pending.current.get(rowId(row)) === row) pending.current.delete(rowId(row));
    });
  });

  useEffect(() => {
    api?.redrawRows();
  }, [api, selectedBondId]);
  useEffect(() => {
    if (context) api?.refreshCells({ force: true });
  }, [api, context]);

  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    const first = columnDefs[0];
    const key = first?.colId ?? first?.field;
    if (!element || !api || key === undefined) return;
    const focusFirstRow = () => {
      if (api.getDisplayedRowCount() === 0) return;
      api.ensureIndexVisible(0);
      api.setFocusedCell(0, String(key));
    };
    element.addEventListener(FOCUS_GRID_EVENT, focusFirstRow);
    return () => element.removeEventListener(FOCUS_GRID_EVENT, focusFirstRow);
  }, [api, columnDefs]);

  const getRowId = useCallback((params: GetRowIdParams<T>) => rowId(params.data), [rowId]);
  const onGridReady = useCallback((event: GridReadyEvent<T>) => setApi(event.api), []);
  const focus = useCallback(
    (row: T | undefined) => {
      if (!row) return;
      focused.current = { id: rowId(row), row };
      onFocusRow?.(row, true);
    },
    [onFocusRow, rowId],
  );
  const onCellFocused = useCallback(
    (event: CellFocusedEvent<T>) => {
      if (event.rowIndex !== null && !event.rowPinned) focus(event.api.getDisplayedRowAtIndex(event.rowIndex)?.data);
    },
    [focus],
  );
  const onModelUpdated = useCallback(
    (event: ModelUpdatedEvent<T>) => {
      setCount(event.api.getDisplayedRowCount());
      const held = focused.current;
      if (!held) return;
      const now = event.api.getRowNode(held.id)?.data ?? null;
      if (now === held.row) return;
      focused.current = now && { id: held.id, row: now };
      onFocusRow?.(now, false);
    },
    [onFocusRow],
  );
  const rowClassRules = useMemo(
    () => ({
      'kosh-dart__row--selected': (params: RowClassParams<T>) =>
        params.data !== undefined && selectedBondId !== null && bondIdOf?.(params.data) === selectedBondId,
    }),
    [selectedBondId, bondIdOf],
  );

  const showEmpty = rows !== undefined && (rows.length === 0 || count === 0);
  return (
    <div className="kosh-dart__grid" aria-label={label} role="region" data-rows={count ?? undefined} ref={region}>
      <AgGridReact<T>
        theme={theme}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        getRowId={getRowId}
        onGridReady={onGridReady}
        onModelUpdated={onModelUpdated}
        onCellFocused={onCellFocused}
        onRowClicked={(event) => focus(event.data)}
        rowClassRules={rowClassRules}
        context={context}
        loading={rows === undefined}
        suppressNoRowsOverlay
      />
      {showEmpty && (
        <div className="kosh-dart__empty" role="status">
          {empty}
        </div>
      )}
    </div>
  );
}
