/**
 * /find (public): the security finder. Facets with live counts, a keyword, a server-side sort and
 * a cursor-paged grid (the loaded pages are its row data; `getRowId` lets ag-grid keep the rows it
 * has); the filters live in the URL, so a search can be shared and reloaded; CSV and XLSX exports
 * of the loaded rows; a row opens /security/{id}.
 */
import { Button, ButtonGroup, H2, HTMLSelect, InputGroup, Spinner } from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { RowClickedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import type { FinderBond, FinderCategory, FinderSort } from '../../../shared/contracts/finder';
import { EMPTY_TEXTS } from '../../../shared/messages';
import { canSearch } from '../../../shared/validation';
import { EMPTY_FILTERS, type FinderFilters } from '../../api/finderApi';
import { useToday } from '../../app/system';
import { useGridTheme } from '../../ui/grid';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { ColumnChooser } from './ColumnChooser';
import { FacetPanel } from './FacetPanel';
import { DEFAULT_HIDDEN, defaultFindColumn, findColumnDefs, getFindRowId } from './findColumns';
import { finderListQuery } from './findQueries';
import { filtersFromUrl, urlFromFilters } from './findUrl';
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
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromUrl(params), [params]);
  // A filter is a new history entry; the keyword updates the current one as the user types.
  const setFilters = useCallback(
    (update: (f: FinderFilters) => FinderFilters, replace = false) =>
      setParams((current) => urlFromFilters(update(filtersFromUrl(current))), { replace }),
    [setParams],
  );
  const [typed, setTyped] = useState(filters.keyword);
  const [hidden, setHidden] = useState<string[]>(DEFAULT_HIDDEN);
  const list = useInfiniteQuery(finderListQuery(filters));
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.results) ?? [], [list.data]);
  const gridTheme = useGridTheme();
  const today = useToday();
  const columnDefs = useMemo(() => findColumnDefs(hidden, today), [hidden, today]);
  const exports = useFindExports(rows, hidden);

  // The keyword applies 300 ms after typing stops, from 3 characters (or when cleared).
  const keyword = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (keyword && !canSearch(keyword)) return;
    setFilters((f) => ({ ...f, keyword }), true);
  }, [keyword, setFilters]);

  const onRowClicked = useCallback(
    (event: RowClickedEvent<FinderBond>) => {
      if (event.data) void navigate(`/security/${event.data.id}`);
    },
    [navigate],
  );
  const toggle = (category: FinderCategory, value: string, checked: boolean) =>
    setFilters((f) => {
      const current = f.selected[category] ?? [];
      return { ...f, selected: { ...f.selected, [category]: checked ? [...current, value] : current.filter((v) => v !== value) } };
    });

  const total = list.data?.pages[0]?.pagination_response.count;
  const loaded = rows.length;
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
        <FacetPanel
          filters={filters}
          onToggle={toggle}
          onClear={() => setFilters((f) => ({ ...EMPTY_FILTERS, keyword: f.keyword, sort: f.sort }))}
        />
        <section className="kosh-find__results" aria-label="Bonds">
          <div className="kosh-find__toolbar">
            <span className="kosh-find__total" data-testid="find-total">
              {total === undefined
                ? ''
                : `${countFormat.format(total)} bonds${loaded < total ? ` · ${countFormat.format(loaded)} shown` : ''}`}
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
                rowData={rows}
                getRowId={getFindRowId}
                onRowClicked={onRowClicked}
                loading={list.isPending}
                overlayNoRowsTemplate={`<span class="kosh-find__empty">${EMPTY_TEXTS.noBonds}</span>`}
                rowClass="kosh-find__row"
              />
            </div>
          )}
          {empty && (
            <p className="kosh-find__sr" role="status">
              {EMPTY_TEXTS.noBonds}
            </p>
          )}
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
