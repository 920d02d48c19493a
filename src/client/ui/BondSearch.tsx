/**
 * The bond search (spec 02 §2, §4-5, §8-9): a dropdown field that searches by name, ISIN or
 * issuer from 3 characters after a 300 ms pause. Unlisted, matured and caller-disabled bonds are
 * shown but cannot be chosen; a failed search shows an empty list. Blueprint's Suggest gives the
 * combobox and its keyboard (↑ ↓ skip disabled bonds, Enter chooses, Escape closes); the results
 * are a query keyed by the settled keyword, so a superseded search is cancelled, not raced.
 */
import { MenuItem, Spinner } from '@blueprintjs/core';
import { Suggest, type ItemRenderer } from '@blueprintjs/select';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX, SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { BOND_SEARCH_PLACEHOLDER, EMPTY_TEXTS } from '../../shared/messages';
import { canSearch } from '../../shared/validation';
import { useToday } from '../app/system';
import { bondLabels, searchBonds, type SearchBond } from './BondSearchApi';
import { useDebouncedValue } from './useDebouncedValue';
import './BondSearch.css';

export interface BondSearchProps {
  onSelect: (bond: SearchBond) => void;
  /** The caller's extra rule for bonds that cannot be chosen here. */
  isDisabled?: (bond: SearchBond) => boolean;
  /** Keeps the chosen bond's name in the field (default true). */
  keepSelection?: boolean;
  className?: string;
  autoFocus?: boolean;
}

export const bondSearchQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['bondSearch', keyword] as const,
    queryFn: ({ signal }) => searchBonds(keyword, signal),
    staleTime: 30_000,
  });

const renderBond =
  (today: string): ItemRenderer<SearchBond> =>
  (bond, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={bond.id}
      ref={ref}
      roleStructure="listoption"
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
      className="kosh-bond-search__option"
      text={<span className="kosh-bond-search__name">{bond.display_name}</span>}
      label={[bond.identifiers.ISIN, ...bondLabels(bond, today)].join(' ')}
    />
  );

const note = (content: ReactNode) => <MenuItem disabled roleStructure="listoption" text={content} className="kosh-bond-search__note" />;

/** The bond search dropdown. */
export function BondSearch({ onSelect, isDisabled, keepSelection = true, className, autoFocus }: BondSearchProps) {
  const today = useToday();
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const keyword = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useQuery({ ...bondSearchQuery(keyword), enabled: canSearch(keyword) });
  // Spec 02 §8: a failed bond search yields an empty list, without a toast.
  const bonds = canSearch(typed) && keyword === typed && results.isSuccess ? results.data : [];
  const searching = canSearch(typed) && (keyword !== typed || results.isFetching);

  let empty: ReactNode = EMPTY_TEXTS.noBonds;
  if (!canSearch(typed)) empty = EMPTY_TEXTS.startTyping;
  else if (searching)
    empty = (
      <span className="kosh-bond-search__searching">
        <Spinner size={16} /> Searching…
      </span>
    );

  return (
    <Suggest<SearchBond>
      className={`kosh-bond-search${className ? ` ${className}` : ''}`}
      fill
      query={query}
      onQueryChange={setQuery}
      items={bonds}
      itemsEqual="id"
      itemRenderer={renderBond(today)}
      itemDisabled={(bond) => bondLabels(bond, today).length > 0 || Boolean(isDisabled?.(bond))}
      inputValueRenderer={(bond) => (keepSelection ? bond.display_name : '')}
      onItemSelect={(bond) => {
        onSelect(bond);
        if (!keepSelection) setQuery('');
      }}
      initialContent={note(EMPTY_TEXTS.startTyping)}
      noResults={note(empty)}
      resetOnQuery
      closeOnSelect
      inputProps={{ placeholder: BOND_SEARCH_PLACEHOLDER, leftIcon: 'search', 'aria-label': 'Search bonds', autoFocus, type: 'search' }}
      menuProps={{ 'aria-label': 'Bonds', style: { maxHeight: DROPDOWN_MAX_HEIGHT_PX, overflowY: 'auto' } }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
    />
  );
}
