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

function Figures({ figures, side }: { figures: DealFigures; side: 'BUY' | 'SELL' }) {
  const rows: [string, string][] = [
    ['Settlement date', formatDate(figures.settlement_date)],
    ['Quantity', formatFaceValue(figures.quantity)],
    ['Clean price', formatFixed(figures.unit_clean_price, 4)],
    ['Yield', formatYieldPercent(figures.bond_yield)],
    ['Principal', formatInr(figures.principal)],
    ['Accrued interest', formatInr(figures.total_accrued_interest)],
    ['Consideration', formatInr(figures.consideration)],
    ['Stamp duty (paid by the buyer)', formatInr(figures.stamp_duty)],
    [side === 'BUY' ? 'Total you pay' : 'Total you receive', formatInr(totalFor(side, figures))],
  ];
  return (
    <HTMLTable compact className="kosh-quote-summary kosh-accept-figures" aria-label="Deal figures">
      <tbody>{rows.map(([label, value]) => <tr key={label}><th scope="row">{label}</th><td data-figure={label}>{value}</td></tr>)}</tbody>
    </HTMLTable>
  );
}

/** What the acceptor is told: the exchange confirmed, rejected, or has not answered yet (the grid follows live). */
function dealToast({ deal, bond_name: bond }: ClusterView) {
  if (deal?.exchange_status === 'REJECTED') return { severity: 'error' as const, summary: `Rejected by ${deal.exchange}`, detail: deal.rejection_reason ?? bond };
  if (deal?.exchange_status === 'PENDING') return { severity: 'info' as const, summary: `Sent to ${deal.exchange}`, detail: `${bond}: waiting for the exchange to confirm` };
  return { severity: 'success' as const, summary: `Deal done on ${deal?.exchange ?? ''}`, detail: `${bond}: ${deal?.exchange_deal_id ?? ''}` };
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
      if (error instanceof ApiRequestError && error.status === 409 && (error.data as { code?: string } | undefined)?.code === 'FIGURES_CHANGED') {
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
      id: cluster.id, exchange: chosen,
      unit_clean_price: figures.unit_clean_price, bond_yield: figures.bond_yield, total_accrued_interest: figures.total_accrued_interest,
      // A broker's spread is part of what the acceptor agrees to.
      seller_spread: Number(priced.data?.seller_spread ?? 0),
    });
  };

  return (
    <TradingDialog title="Accept and deal" icon="endorsed" submitText="Accept" intent={Intent.SUCCESS} onSubmit={submit} onClose={onClose}
      pending={accept.isPending} ready={Boolean(figures && chosen) && !priced.isFetching} problem={problem}>
      <p className="kosh-accept-dialog__what">
        {cluster.my_side === 'BUY' ? 'You buy' : 'You sell'} {cluster.bond_name} ({cluster.isin}){cluster.counterparty ? ` · with ${cluster.counterparty.name}` : ''}
      </p>
      {figures && side && <Figures figures={figures} side={side} />}
      {!figures && priced.isPending && <NonIdealState icon={<Spinner size={20} />} title="Pricing the deal…" />}
      {priced.isError && <Callout intent={Intent.DANGER} role="alert">{toastMessageFromError(priced.error)}</Callout>}
      <FormGroup label="RFQ platform" labelFor="accept-exchange" inline>
        <HTMLSelect id="accept-exchange" value={chosen ?? ''} onChange={(e) => setExchange(e.currentTarget.value as RfqPlatform)}
          options={platforms.length > 0 ? platforms : [{ value: '', label: 'None allowed' }]} disabled={platforms.length === 0} />
      </FormGroup>
    </TradingDialog>
  );
}
