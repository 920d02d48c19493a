/**
 * The bond search (spec 02 §2, §4-5, §8-9): a dropdown field that searches by name, ISIN or
 * issuer from 3 characters after a 300 ms pause. Unlisted, matured and caller-disabled bonds are
 * shown but cannot be chosen; a failed search shows an empty list. Keyboard: ↑ ↓ Enter Escape.
 */
import { InputGroup, Spinner } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { DROPDOWN_MAX_HEIGHT_PX, SEARCH_DEBOUNCE_MS } from '../../shared/constants';
import { BOND_SEARCH_PLACEHOLDER, EMPTY_TEXTS } from '../../shared/messages';
import { canSearch } from '../../shared/validation';
import { bondLabels, searchBonds, todayIso, type SearchBond } from './BondSearchApi';
import './BondSearch.css';

export interface BondSearchProps {
  onSelect: (bond: SearchBond) => void;
  /** The caller's extra rule for bonds that cannot be chosen here. */
  isDisabled?: (bond: SearchBond) => boolean;
  /** The search call; the finder list by keyword unless given. */
  search?: (keyword: string) => Promise<SearchBond[]>;
  /** Keeps the chosen bond's name in the field (default true). */
  keepSelection?: boolean;
  className?: string;
  autoFocus?: boolean;
}

interface Result {
  term: string;
  bonds: SearchBond[];
}

/** The bond search dropdown. */
export function BondSearch({ onSelect, isDisabled, search = searchBonds, keepSelection = true, className, autoFocus }: BondSearchProps) {
  const id = useId();
  const [term, setTerm] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const keyword = term.trim();
  const searchable = canSearch(keyword);

  useEffect(() => {
    if (!searchable) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      search(keyword).then(
        (bonds) => { if (current) setResult({ term: keyword, bonds }); },
        // Spec 02 §8: a failed bond search yields an empty list, without a toast.
        () => { if (current) setResult({ term: keyword, bonds: [] }); },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [keyword, searchable, search]);

  const today = todayIso();
  const items = useMemo(() => (result && searchable ? result.bonds : []).map((bond) => {
    const labels = bondLabels(bond, today);
    return { bond, labels, selectable: labels.length === 0 && !isDisabled?.(bond) };
  }), [result, searchable, today, isDisabled]);
  const loading = searchable && result?.term !== keyword;

  const choose = (index: number) => {
    const item = items[index];
    if (!item?.selectable) return;
    onSelect(item.bond);
    setTerm(keepSelection ? item.bond.display_name : '');
    setResult(null);
    setOpen(false);
    setActive(-1);
  };

  const move = (step: 1 | -1) => {
    if (items.length === 0) return;
    const from = active >= 0 ? active : step === 1 ? -1 : items.length;
    for (let n = 1; n <= items.length; n += 1) {
      const next = (((from + step * n) % items.length) + items.length) % items.length;
      if (items[next]?.selectable) {
        setActive(next);
        document.getElementById(`${id}-option-${next}`)?.scrollIntoView?.({ block: 'nearest' });
        return;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  let body;
  if (!searchable) body = <div className="kosh-bond-search__note">{EMPTY_TEXTS.startTyping}</div>;
  else if (loading) body = <div className="kosh-bond-search__note"><Spinner size={16} /> Searching…</div>;
  else if (items.length === 0) body = <div className="kosh-bond-search__note">{EMPTY_TEXTS.noBonds}</div>;
  else {
    body = items.map(({ bond, labels, selectable }, index) => (
      <div
        key={bond.id}
        id={`${id}-option-${index}`}
        role="option"
        aria-selected={index === active}
        aria-disabled={!selectable}
        className={`kosh-bond-search__option${index === active ? ' kosh-bond-search__option--active' : ''}${selectable ? '' : ' kosh-bond-search__option--disabled'}`}
        onMouseDown={(event) => event.preventDefault()}
        onMouseEnter={() => selectable && setActive(index)}
        onClick={() => choose(index)}
      >
        <span className="kosh-bond-search__name">{bond.display_name}</span>
        <span className="kosh-bond-search__meta">
          {bond.identifiers.ISIN}
          {labels.map((label) => <span key={label} className="kosh-bond-search__label">{label}</span>)}
        </span>
      </div>
    ));
  }

  return (
    <div className={`kosh-bond-search${className ? ` ${className}` : ''}`}>
      <InputGroup
        leftIcon="search"
        type="search"
        placeholder={BOND_SEARCH_PLACEHOLDER}
        aria-label="Search bonds"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
        autoFocus={autoFocus}
        value={term}
        onValueChange={(value) => {
          setTerm(value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div id={`${id}-listbox`} role="listbox" aria-label="Bonds" className="kosh-bond-search__list bp6-elevation-2" style={{ maxHeight: DROPDOWN_MAX_HEIGHT_PX }}>
          {body}
        </div>
      )}
    </div>
  );
}
