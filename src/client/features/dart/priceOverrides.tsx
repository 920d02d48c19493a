/**
 * Quotes whose price a price-override user set instead of the engine's (spec 01 §6, §7): the
 * price cell says so, and once the live feed announces the override (`price_override`) it also
 * names the quote's new consideration. The lists carry the price, not the amount, so the amounts
 * heard since the page opened are held here by EOI id.
 */
import { Icon } from '@blueprintjs/core';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useState } from 'react';
import type { EoiView } from '../../../shared/contracts/trading';
import { useLiveMessages } from '../../app/liveMessages';
import { formatInr } from '../security/format';

/** The grid context of the quote panels: the announced considerations by EOI id. */
export interface QuoteGridContext {
  considerations: ReadonlyMap<string, string>;
}

export const OVERRIDE_NOTE = 'Price set by a price-override user';

/** The considerations `price_override` announced for quotes. The row's new price comes with its `updates` row. */
export function useOverrideConsiderations(): QuoteGridContext {
  const [context, setContext] = useState<QuoteGridContext>(() => ({ considerations: new Map() }));
  useLiveMessages('price_override', ({ eoi_id: eoiId, consideration }) => {
    if (eoiId !== undefined) setContext((held) => ({ considerations: new Map(held.considerations).set(eoiId, consideration) }));
  });
  return context;
}

/** The price cell of an overridden quote: marked, with the note (and the consideration when known) on hover. */
export function OverriddenPrice({ valueFormatted, data, context }: CustomCellRendererProps<EoiView, number, QuoteGridContext>) {
  const consideration = data ? context?.considerations.get(String(data.id)) : undefined;
  const note = consideration === undefined ? OVERRIDE_NOTE : `${OVERRIDE_NOTE}; consideration ${formatInr(consideration)}`;
  return (
    <span className="kosh-dart__overridden" title={note} data-consideration={consideration}>
      <Icon icon="edit" size={10} aria-label={note} />
      {valueFormatted}
    </span>
  );
}
