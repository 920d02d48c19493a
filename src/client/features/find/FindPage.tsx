/**
 * /find (public): the security finder. Facets with live counts, a keyword, a server-side sort and
 * a cursor-paged grid whose pages are appended with `applyTransaction`; CSV and XLSX exports of
 * the loaded rows; a row opens /security/{id}.
 */
import { Button, ButtonGroup, H2, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { GridApi, GridReadyEvent, RowClickedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import type { FinderBond, FinderCategory, FinderSort } from '../../../shared/contracts/finder';
import { EMPTY_TEXTS } from '../../../shared/messages';
import { canSearch } from '../../../shared/validation';
import { todayIso } from '../../ui/BondSearchApi';
import { ColumnChooser } from './ColumnChooser';
import { FacetPanel } from './FacetPanel';
import { DEFAULT_HIDDEN, defaultFindColumn, findColumnDefs, getFindRowId } from './findColumns';
import { useGridTheme } from '../../ui/grid';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { EMPTY_FILTERS, finderListQuery, type FinderFilters } from './findQueries';
import { useFindExports } from './useFindExports';
import './find.css';
import { LoadFailed } from '../../ui/LoadFailed';

const SORT_OPTIONS: { value: FinderSort; label: string }[] = [
  { value: 'maturity_asc', label: 'Maturity: soonest first' },
  { value: 'maturity_desc', label: 'Maturity: latest first' },
  { value: 'coupon_desc', label: 'Coupon: highest first' },
  { value: 'coupon_asc', label: 'Coupon: lowest first' },
  { value: 'name_asc', label: 'Name: A–Z' },
  { value: 'relevance', label: 'Relevance' },
];
const countFormat = new Intl.NumberFormat('en-IN');

export function FindPage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<FinderFilters>(EMPTY_FILTERS);
  const [typed, setTyped] = useState('');
  const [hidden, setHidden] = useState<string[]>(DEFAULT_HIDDEN);
  const [grid, setGrid] = useState<GridApi<FinderBond> | null>(null);
  const list = useInfiniteQuery(finderListQuery(filters));
  const applied = useRef<{ key: string; pages: number }>({ key: '', pages: 0 });
  const listKey = JSON.stringify(finderListQuery(filters).queryKey);
  const gridTheme = useGridTheme();
  const columnDefs = useMemo(() => findColumnDefs(hidden, todayIso()), [hidden]);
  const exports = useFindExports(grid, hidden);

  // The keyword applies 300 ms after typing stops, from 3 characters (or when cleared).
  const keyword = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (keyword && !canSearch(keyword)) return;
    setFilters((f) => (f.keyword === keyword ? f : { ...f, keyword }));
  }, [keyword]);

  // Rows stay out of React state: a new filter resets the grid, each further page is appended.
  const pages = list.data?.pages;
  useEffect(() => {
    if (!grid) return;
    if (applied.current.key !== listKey || !pages || applied.current.pages > pages.length) {
      grid.setGridOption('rowData', []);
      applied.current = { key: listKey, pages: 0 };
    }
    if (!pages) return;
    for (const page of pages.slice(applied.current.pages)) grid.applyTransaction({ add: page.results });
    applied.current.pages = pages.length;
  }, [grid, pages, listKey]);

  const onGridReady = useCallback((event: GridReadyEvent<FinderBond>) => setGrid(event.api), []);
  const onRowClicked = useCallback((event: RowClickedEvent<FinderBond>) => {
    if (event.data) navigate(`/security/${event.data.id}`);
  }, [navigate]);
  const toggle = (category: FinderCategory, value: string, checked: boolean) => setFilters((f) => {
    const current = f.selected[category] ?? [];
    return { ...f, selected: { ...f.selected, [category]: checked ? [...current, value] : current.filter((v) => v !== value) } };
  });

  const total = pages?.[0]?.pagination_response.count;
  const loaded = pages?.reduce((n, p) => n + p.results.length, 0) ?? 0;
  const empty = list.isSuccess && loaded === 0;

  return (
    <div className="kosh-find">
      <div className="kosh-find__header">
        <H2>Find bonds</H2>
        <InputGroup
          type="search"
          leftIcon="search"
          className="kosh-find__keyword"
          placeholder="Filter by name, ISIN or issuer"
          aria-label="Filter bonds by keyword"
          value={typed}
          onValueChange={setTyped}
        />
      </div>
      <div className="kosh-find__body">
        <FacetPanel filters={filters} onToggle={toggle} onClear={() => setFilters((f) => ({ ...EMPTY_FILTERS, keyword: f.keyword, sort: f.sort }))} />
        <section className="kosh-find__results" aria-label="Bonds">
          <div className="kosh-find__toolbar">
            <span className="kosh-find__total" data-testid="find-total">
              {total === undefined ? '' : `${countFormat.format(total)} bonds${loaded < total ? ` · ${countFormat.format(loaded)} shown` : ''}`}
            </span>
            <HTMLSelect
              aria-label="Sort"
              value={filters.sort ?? (filters.keyword ? 'relevance' : 'maturity_asc')}
              options={SORT_OPTIONS}
              onChange={(e) => {
                const sort = e.currentTarget.value as FinderSort;
                setFilters((f) => ({ ...f, sort }));
              }}
            />
            <ColumnChooser hidden={hidden} onChange={setHidden} />
            <ButtonGroup>
              <Button icon="download" text="CSV" disabled={loaded === 0} onClick={exports.csv} />
              <Button icon="th-derived" text="XLSX" disabled={loaded === 0} loading={exports.xlsxBusy} onClick={exports.xlsx} />
            </ButtonGroup>
          </div>
          {list.isError ? (
            <LoadFailed title="The bonds could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <div className="kosh-find__grid" data-testid="find-grid">
              <AgGridReact<FinderBond>
                theme={gridTheme}
                columnDefs={columnDefs}
                defaultColDef={defaultFindColumn}
                getRowId={getFindRowId}
                onGridReady={onGridReady}
                onRowClicked={onRowClicked}
                loading={list.isPending}
                overlayNoRowsTemplate={`<span class="kosh-find__empty">${EMPTY_TEXTS.noBonds}</span>`}
                rowClass="kosh-find__row"
              />
            </div>
          )}
          {empty && <p className="kosh-find__sr" role="status">{EMPTY_TEXTS.noBonds}</p>}
          <div className="kosh-find__more">
            {list.hasNextPage && (
              <Button text="Load more" icon="more" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} />
            )}
            {list.isFetching && !list.isFetchingNextPage && !list.isPending && <Spinner size={16} aria-label="Updating" />}
          </div>
        </section>
      </div>
    </div>
  );
}
