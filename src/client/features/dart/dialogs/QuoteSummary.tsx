/** What a dialog is about: the quote (EOI) or the negotiation's quote on the table, in one dense block. */
import { HTMLTable } from '@blueprintjs/core';
import type { ClusterView, EoiView } from '../../../../shared/contracts/trading';
import { formatYieldPercent } from '../../../../shared/validation';
import { formatDate, formatFaceValue, formatFixed } from '../../security/format';

const SIDE = { BID: 'Bid', ASK: 'Offer', BUY: 'You buy', SELL: 'You sell' } as const;

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <HTMLTable compact className="kosh-quote-summary">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function EoiSummary({ eoi }: { eoi: EoiView }) {
  return (
    <Rows
      rows={[
        ['Bond', `${eoi.bond_name} (${eoi.isin})`],
        ['Quote', `${SIDE[eoi.quote_type]} by ${eoi.client?.name ?? 'an anonymous client'}`],
        ['Quantum', formatFaceValue(eoi.quantum)],
        ['Clean price', formatFixed(eoi.unit_price_stored, 4)],
        ['Yield', formatYieldPercent(eoi.yield_stored)],
        ['Settlement', formatDate(eoi.settlement_date)],
      ]}
    />
  );
}

export function ClusterSummary({ cluster }: { cluster: ClusterView }) {
  return (
    <Rows
      rows={[
        ['Bond', `${cluster.bond_name} (${cluster.isin})`],
        [
          'Side',
          `${cluster.my_side ? SIDE[cluster.my_side] : 'Broker'}${cluster.counterparty ? ` · with ${cluster.counterparty.name}` : ''}`,
        ],
        ['Quantity', formatFaceValue(cluster.figures.quantity)],
        ['Clean price on the table', formatFixed(cluster.figures.unit_clean_price, 4)],
        ['Yield', formatYieldPercent(cluster.figures.bond_yield)],
        ['Settlement', formatDate(cluster.figures.settlement_date)],
      ]}
    />
  );
}
