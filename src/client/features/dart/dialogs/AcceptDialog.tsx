/**
 * Accept the quote on the table (spec 01 §7, issue #14 "what the acceptor saw is what they get"):
 * the dialog fetches the priced figures (GET api/cluster/{id}/?price), shows the consideration to
 * the paisa and the settlement date, and accepts with exactly those figures
 * (POST api/cluster/{id}/accept/). If the server finds they changed (409 FIGURES_CHANGED) the
 * dialog shows the current figures and asks again; it never deals on numbers the user did not see.
 */
import { Callout, FormGroup, HTMLSelect, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ClusterView, DealFigures, RfqPlatform } from '../../../../shared/contracts/trading';
import { formatYieldPercent } from '../../../../shared/validation';
import { ApiRequestError } from '../../../api/http';
import { DART_QUERY_PREFIX, fetchPricedCluster, useAcceptCluster } from '../../../api/tradingCommandsApi';
import { showToast } from '../../../ui/toaster';
import { toastMessageFromError } from '../../../ui/toastMessage';
import { formatDate, formatFaceValue, formatFixed, formatInr } from '../../security/format';
import { commandFailure } from './commandErrors';
import { totalFor } from './considerationTotals';
import { TradingDialog } from './TradingDialog';

export const FIGURES_CHANGED_NOTICE = 'The figures changed since you opened this. Check the current figures and accept again.';

const pricedClusterQuery = (id: number) => ({
  queryKey: [...DART_QUERY_PREFIX, 'priced-cluster', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchPricedCluster(id, signal),
  staleTime: 0,
});

/** The rows of one leg of the deal, in the order the dialog lists them; the seller pays no stamp duty. */
const LEG_ROWS: { label: string; format: (figures: DealFigures) => string; buyerOnly?: boolean }[] = [
  { label: 'Clean price', format: (f) => formatFixed(f.unit_clean_price, 4) },
  { label: 'Yield', format: (f) => formatYieldPercent(f.bond_yield) },
  { label: 'Principal', format: (f) => formatInr(f.principal) },
  { label: 'Accrued interest', format: (f) => formatInr(f.total_accrued_interest) },
  { label: 'Consideration', format: (f) => formatInr(f.consideration) },
  { label: 'Stamp duty (paid by the buyer)', format: (f) => formatInr(f.stamp_duty), buyerOnly: true },
];
type Leg = { name: string; leg: 'seller' | 'buyer'; figures: DealFigures };

/** A row the legs share: one value across the figure columns. */
function SharedRow({ label, value, columns }: { label: string; value: string; columns: number }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-figure={label} colSpan={columns}>
        {value}
      </td>
    </tr>
  );
}

/**
 * The deal's figures as the server priced them. With a broker's spread there are two legs: the
 * seller's at the quoted price and the buyer's at that price plus the spread (the seller pays no
 * stamp duty), and the broker's brokerage between them. The caller's total is on their own leg.
 */
function Figures({ cluster, side }: { cluster: ClusterView; side: 'BUY' | 'SELL' }) {
  const { figures, buyer_figures: buyerFigures, seller_spread: spread, brokerage } = cluster;
  const spreadOn = Number(spread) > 0;
  // Without a spread both legs are the same: one column.
  const legs: Leg[] = spreadOn
    ? [
        { name: 'Seller', leg: 'seller', figures },
        { name: 'Buyer (+ spread)', leg: 'buyer', figures: buyerFigures },
      ]
    : [{ name: '', leg: 'seller', figures }];
  const mine = side === 'BUY' ? buyerFigures : figures;
  return (
    <HTMLTable compact className="kosh-quote-summary kosh-accept-figures" aria-label="Deal figures">
      {spreadOn && (
        <thead>
          <tr>
            <td />
            {legs.map((leg) => (
              <th key={leg.leg} scope="col">
                {leg.name}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        <SharedRow label="Settlement date" value={formatDate(figures.settlement_date)} columns={legs.length} />
        <SharedRow label="Quantity" value={formatFaceValue(figures.quantity)} columns={legs.length} />
        {LEG_ROWS.map(({ label, format, buyerOnly }) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            {legs.map((leg) => (
              <td key={leg.leg} data-figure={label} data-leg={spreadOn ? leg.leg : undefined}>
                {spreadOn && buyerOnly && leg.leg === 'seller' ? '—' : format(leg.figures)}
              </td>
            ))}
          </tr>
        ))}
        {spreadOn && <SharedRow label="Broker's spread (per 100 face)" value={spread} columns={legs.length} />}
        {spreadOn && brokerage !== null && <SharedRow label="Brokerage" value={formatInr(brokerage)} columns={legs.length} />}
        <SharedRow
          label={side === 'BUY' ? 'Total you pay' : 'Total you receive'}
          value={formatInr(totalFor(side, mine))}
          columns={legs.length}
        />
      </tbody>
    </HTMLTable>
  );
}

/** What the acceptor is told: the exchange confirmed, rejected, or has not answered yet (the grid follows live). */
function dealToast({ deal, bond_name: bond }: ClusterView) {
  if (deal?.exchange_status === 'REJECTED')
    return { severity: 'error' as const, summary: `Rejected by ${deal.exchange}`, detail: deal.rejection_reason ?? bond };
  if (deal?.exchange_status === 'PENDING')
    return { severity: 'info' as const, summary: `Sent to ${deal.exchange}`, detail: `${bond}: waiting for the exchange to confirm` };
  return {
    severity: 'success' as const,
    summary: `Deal done on ${deal?.exchange ?? ''}`,
    detail: `${bond}: ${deal?.exchange_deal_id ?? ''}`,
  };
}

export function AcceptDialog({ cluster, onClose }: { cluster: ClusterView; onClose: () => void }) {
  const [exchange, setExchange] = useState<RfqPlatform | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const priced = useQuery(pricedClusterQuery(cluster.id));
  // Only the platforms both parties may deal on (the server refuses any other).
  const platforms = priced.data?.exchanges ?? cluster.exchanges;
  const chosen = exchange ?? platforms[0] ?? null;

  const accept = useAcceptCluster({
    onSuccess: (done) => {
      void showToast(dealToast(done));
      onClose();
    },
    onError: async (error) => {
      if (
        error instanceof ApiRequestError &&
        error.status === 409 &&
        (error.data as { code?: string } | undefined)?.code === 'FIGURES_CHANGED'
      ) {
        // Show what the server holds now and let the user decide again.
        await priced.refetch();
        void showToast({ severity: 'warn', summary: FIGURES_CHANGED_NOTICE });
        setProblem(FIGURES_CHANGED_NOTICE);
        return;
      }
      setProblem(commandFailure(error, [])[''] ?? null);
    },
  });

  const figures = priced.data?.figures;
  const side = priced.data?.my_side ?? cluster.my_side;
  const submit = () => {
    if (!figures || !chosen) return;
    setProblem(null);
    accept.mutate({
      id: cluster.id,
      exchange: chosen,
      unit_clean_price: figures.unit_clean_price,
      bond_yield: figures.bond_yield,
      total_accrued_interest: figures.total_accrued_interest,
      // A broker's spread is part of what the acceptor agrees to.
      seller_spread: Number(priced.data?.seller_spread ?? 0),
    });
  };

  return (
    <TradingDialog
      title="Accept and deal"
      icon="endorsed"
      submitText="Accept"
      intent={Intent.SUCCESS}
      onSubmit={submit}
      onClose={onClose}
      pending={accept.isPending}
      ready={Boolean(figures && chosen) && !priced.isFetching}
      problem={problem}
    >
      <p className="kosh-accept-dialog__what">
        {cluster.my_side === 'BUY' ? 'You buy' : 'You sell'} {cluster.bond_name} ({cluster.isin})
        {cluster.counterparty ? ` · with ${cluster.counterparty.name}` : ''}
      </p>
      {priced.data && side && <Figures cluster={priced.data} side={side} />}
      {!figures && priced.isPending && <NonIdealState icon={<Spinner size={20} />} title="Pricing the deal…" />}
      {priced.isError && (
        <Callout intent={Intent.DANGER} role="alert">
          {toastMessageFromError(priced.error)}
        </Callout>
      )}
      <FormGroup label="RFQ platform" labelFor="accept-exchange" inline>
        <HTMLSelect
          id="accept-exchange"
          value={chosen ?? ''}
          onChange={(e) => setExchange(e.currentTarget.value as RfqPlatform)}
          options={platforms.length > 0 ? platforms : [{ value: '', label: 'None allowed' }]}
          disabled={platforms.length === 0}
        />
      </FormGroup>
    </TradingDialog>
  );
}
