/** The finder's facets (spec 01 §7 categories): checkbox lists with live counts under the other filters. */
import { Button, Checkbox, H6, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { FinderCategory } from '../../../shared/contracts/finder';
import type { FinderFilters } from '../../api/finderApi';
import { categoriesQuery } from './findQueries';
import { LoadFailed } from '../../ui/LoadFailed';

export const FACET_TITLES: Record<FinderCategory, string> = {
  bondCategory: 'Bond category',
  securityType: 'Security type',
  creditRating: 'Credit rating',
  timeToMaturity: 'Time to maturity',
  bondSecurity: 'Secured / unsecured',
};

const countFormat = new Intl.NumberFormat('en-IN');

export interface FacetPanelProps {
  filters: FinderFilters;
  onToggle: (category: FinderCategory, value: string, checked: boolean) => void;
  onClear: () => void;
}

/** The facet lists; an option's count is what ticking it would show. */
export function FacetPanel({ filters, onToggle, onClear }: FacetPanelProps) {
  const categories = useQuery(categoriesQuery(filters));
  const anySelected = Object.values(filters.selected).some((values) => values && values.length > 0);

  if (categories.isPending)
    return (
      <aside className="kosh-find__facets">
        <Spinner size={24} aria-label="Loading filters" />
      </aside>
    );
  if (categories.isError) {
    return (
      <aside className="kosh-find__facets">
        <LoadFailed title="Filters unavailable" onRetry={() => void categories.refetch()} />
      </aside>
    );
  }
  return (
    <aside className="kosh-find__facets" aria-label="Filters" aria-busy={categories.isFetching}>
      <div className="kosh-find__facets-head">
        <H6>Filters</H6>
        {anySelected && <Button variant="minimal" size="small" text="Clear all" onClick={onClear} />}
      </div>
      {categories.data.categories.map(({ category, options }) => (
        <fieldset key={category} className="kosh-find__facet" data-category={category}>
          <legend>{FACET_TITLES[category]}</legend>
          {options.map((option) => {
            const checked = filters.selected[category]?.includes(option.value) ?? false;
            return (
              <Checkbox
                key={option.value}
                checked={checked}
                disabled={!checked && option.count === 0}
                onChange={(e) => onToggle(category, option.value, e.currentTarget.checked)}
                labelElement={
                  <span className="kosh-find__option">
                    <span>{option.label}</span>
                    <span className="kosh-find__count">{countFormat.format(option.count)}</span>
                  </span>
                }
              />
            );
          })}
        </fieldset>
      ))}
    </aside>
  );
}
