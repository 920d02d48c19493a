/**
 * The orders list's filters: state (Open by default, each status, All), counterparty (the
 * counterparty search), bond (ISIN or name, from 3 characters after the search pause) and a
 * trade-date range.
 */
import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants';
import type { Counterparty } from '../../../shared/contracts/counterparties';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/contracts/orders';
import { canSearch } from '../../../shared/validation';
import { CounterpartySearch } from '../../ui/CounterpartySearch';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { STATUS_LABELS } from './orderLabels';

export interface TransactionFilterValues {
  state: OrderStatus | 'open' | 'all';
  counterparty: Counterparty | null;
  /** ISIN or bond name as typed; the page applies it once settled (useSettledSearch). */
  search: string;
  from: string;
  to: string;
}

export const DEFAULT_FILTERS: TransactionFilterValues = { state: 'open', counterparty: null, search: '', from: '', to: '' };

/** Nothing narrows the list but its state being Open or All. */
export const isUnfiltered = (f: TransactionFilterValues) =>
  (f.state === 'open' || f.state === 'all') && !f.counterparty && !f.search && !f.from && !f.to;

const STATE_OPTIONS = [
  { value: 'open', label: 'Open' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: 'all', label: 'All' },
];

export interface TransactionFiltersProps {
  value: TransactionFilterValues;
  onChange: (next: TransactionFilterValues) => void;
}

export function TransactionFilters({ value, onChange }: TransactionFiltersProps) {
  const set = <K extends keyof TransactionFilterValues>(key: K, next: TransactionFilterValues[K]) => onChange({ ...value, [key]: next });

  return (
    <div className="kosh-orders__filters" role="group" aria-label="Filters">
      <HTMLSelect
        aria-label="State"
        value={value.state}
        options={STATE_OPTIONS}
        onChange={(e) => set('state', e.currentTarget.value as TransactionFilterValues['state'])}
      />
      <div className="kosh-orders__counterparty">
        {value.counterparty ? (
          <Tag large onRemove={() => set('counterparty', null)} icon="people">
            {value.counterparty.brand_name}
          </Tag>
        ) : (
          <CounterpartySearch mode="entities" placeholder="Counterparty…" onSelect={(c) => set('counterparty', c)} />
        )}
      </div>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label="Bond (ISIN or name)"
        placeholder="ISIN or bond name"
        className="kosh-orders__search"
        value={value.search}
        onValueChange={(v) => set('search', v)}
      />
      <label className="kosh-orders__date">
        From
        <InputGroup
          type="date"
          aria-label="Traded from"
          value={value.from}
          max={value.to || undefined}
          onValueChange={(v) => set('from', v)}
        />
      </label>
      <label className="kosh-orders__date">
        To
        <InputGroup type="date" aria-label="Traded to" value={value.to} min={value.from || undefined} onValueChange={(v) => set('to', v)} />
      </label>
      {!isUnfiltered(value) && (
        <Button variant="minimal" icon="filter-remove" text="Clear filters" onClick={() => onChange(DEFAULT_FILTERS)} />
      )}
    </div>
  );
}

/** The bond keyword to ask for: the typed text once typing pauses, from 3 characters (spec 02 §5) or cleared. */
export function useSettledSearch(typed: string): string {
  const settled = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [applied, setApplied] = useState(settled);
  if (settled !== applied && (settled === '' || canSearch(settled))) setApplied(settled);
  return applied;
}
