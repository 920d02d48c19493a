/**
 * The counterparty search (spec 02 §2-3, §5, §8-9): finds buyers, sellers or other entities from
 * 3 characters after a 300 ms pause, grouped as Member (dealers) and Company (clients). The empty
 * text names what is looked for ('No Buyers Found', 'No Sellers Found', 'No Entities Found'); a
 * failed search shows the error toast and empties the list. Blueprint's Suggest gives the combobox
 * and its keyboard; results are a query keyed by the settled keyword, so a superseded search is
 * cancelled, not raced.
 */
import { Menu, MenuDivider, MenuItem, Spinner } from '@blueprintjs/core';
import { Suggest, type ItemListRendererProps, type ItemRenderer } from '@blueprintjs/select';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX, SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { COUNTERPARTY_GROUPS, type Counterparty, type CounterpartyScope } from '../../shared/contracts/counterparties';
import { EMPTY_TEXTS } from '../../shared/messages';
import { canSearch } from '../../shared/validation';
import { searchCounterparties } from '../api/tradingCommandsApi';
import { showToast } from './toaster';
import { toastMessageFromError } from './toastMessage';
import { useDebouncedValue } from './useDebouncedValue';

/** The accessible name of a search with no visible label of its own. */
const UNLABELLED_NAME = 'Search counterparties';

/** What is looked for: it names the empty list. */
export type CounterpartyMode = 'buyers' | 'sellers' | 'entities';

const EMPTY_BY_MODE: Record<CounterpartyMode, string> = {
  buyers: EMPTY_TEXTS.noBuyers,
  sellers: EMPTY_TEXTS.noSellers,
  entities: EMPTY_TEXTS.noEntities,
};

export interface CounterpartySearchProps {
  mode: CounterpartyMode;
  onSelect: (counterparty: Counterparty) => void;
  /** Trading counterparties (default), or the clients who trade through the caller's broker. */
  scope?: CounterpartyScope;
  /**
   * The input's id, given when a FormGroup's `labelFor` names it: that visible label is then its
   * accessible name (two searches in one form must not share one name). Without it the input
   * names itself 'Search counterparties'.
   */
  id?: string;
  placeholder?: string;
  autoFocus?: boolean;
}

export const counterpartySearchQuery = (keyword: string, scope: CounterpartyScope) =>
  queryOptions({
    queryKey: ['counterparties', scope, keyword] as const,
    queryFn: ({ signal }) => searchCounterparties(keyword, scope, signal),
    staleTime: 30_000,
  });

const keyOf = (c: Counterparty) => `${c.group}:${c.user_id ?? ''}:${c.client_id}`;
/** A member as 'Aditya Hegde · Vasuki Wealth Partners LLP'; a company by its name. */
export const counterpartyLabel = (c: Counterparty) => (c.group === 'Member' ? `${c.name} · ${c.brand_name}` : c.name);

const renderCounterparty: ItemRenderer<Counterparty> = (c, { handleClick, handleFocus, modifiers, ref }) => (
  <MenuItem
    key={keyOf(c)}
    ref={ref}
    roleStructure="listoption"
    active={modifiers.active}
    onClick={handleClick}
    onFocus={handleFocus}
    className="kosh-counterparty-search__option"
    text={c.name}
    label={c.group === 'Member' ? c.brand_name : [c.nsccl_code, c.iccl_code].filter(Boolean).join(' · ')}
  />
);

const note = (content: ReactNode) => (
  <MenuItem disabled roleStructure="listoption" text={content} className="kosh-counterparty-search__note" />
);

/** The counterparty dropdown. */
export function CounterpartySearch({ mode, onSelect, scope = 'counterparties', id, placeholder, autoFocus }: CounterpartySearchProps) {
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const keyword = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useQuery({ ...counterpartySearchQuery(keyword, scope), enabled: canSearch(keyword) });
  useEffect(() => {
    // Spec 02 §8: a failed entity search shows the error toast (and the list empties below).
    if (results.error) void showToast({ severity: 'error', summary: toastMessageFromError(results.error) });
  }, [results.error]);
  const found = canSearch(typed) && keyword === typed && results.isSuccess ? results.data : [];
  const searching = canSearch(typed) && (keyword !== typed || results.isFetching);

  let empty: ReactNode = EMPTY_BY_MODE[mode];
  if (!canSearch(typed)) empty = EMPTY_TEXTS.startTyping;
  else if (searching)
    empty = (
      <span className="kosh-counterparty-search__searching">
        <Spinner size={16} /> Searching…
      </span>
    );

  const renderList = ({ filteredItems, renderItem, itemsParentRef, menuProps }: ItemListRendererProps<Counterparty>) => (
    <Menu
      ulRef={itemsParentRef}
      {...menuProps}
      role="listbox"
      aria-label="Counterparties"
      style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX, overflowY: 'auto' }}
    >
      {filteredItems.length === 0
        ? note(empty)
        : COUNTERPARTY_GROUPS.map((group) => {
            const rows = filteredItems.filter((c) => c.group === group);
            return rows.length === 0
              ? null
              : [<MenuDivider key={`title-${group}`} title={group} />, ...rows.map((c) => renderItem(c, filteredItems.indexOf(c)))];
          })}
    </Menu>
  );

  return (
    <Suggest<Counterparty>
      className="kosh-counterparty-search"
      fill
      query={query}
      onQueryChange={setQuery}
      items={found}
      itemsEqual={(a, b) => keyOf(a) === keyOf(b)}
      itemRenderer={renderCounterparty}
      itemListRenderer={renderList}
      inputValueRenderer={counterpartyLabel}
      onItemSelect={(counterparty) => onSelect(counterparty)}
      resetOnQuery
      closeOnSelect
      inputProps={{
        id,
        placeholder: placeholder ?? 'Search members and companies…',
        leftIcon: 'people',
        autoFocus,
        type: 'search',
        ...(id === undefined ? { 'aria-label': UNLABELLED_NAME } : {}),
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
