/** Cashflows (POST /api/cashflow/:id/, paid data: 402 shows the premium wall): a bar chart and a table. */
import { HTMLTable } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { formatDate, formatInr } from './format';
import { Panel, PanelState } from './PanelBody';
import { cashflowQuery } from './securityQueries';

const CashflowChart = lazy(async () => ({ default: (await import('./CashflowChart')).CashflowChart }));

export function CashflowPanel({ finstrumentId, quantity }: { finstrumentId: number; quantity?: number }) {
  const cashflows = useQuery(cashflowQuery(finstrumentId, quantity));
  return (
    <Panel title="Cashflows" className="kosh-security__cashflows">
      <PanelState query={cashflows} finstrumentId={finstrumentId}>
        {() => {
          const list = cashflows.data!;
          if (list.cashflows.length === 0) return <p className="bp6-text-muted">No cashflows remain after {formatDate(list.ref_date)}.</p>;
          return (
            <>
              <p className="bp6-text-muted">{`For ${formatInr(list.quantity)} face value · total ${formatInr(list.total)}`}</p>
              <Suspense fallback={<div className="kosh-security__chart" />}>
                <CashflowChart cashflows={list.cashflows} />
              </Suspense>
              <div className="kosh-security__table-scroll">
                <HTMLTable compact striped className="kosh-security__cashflow-table">
                  <thead>
                    <tr>
                      <th>Date</th>
                      <th>Payment date</th>
                      <th>Coupon</th>
                      <th>Principal</th>
                      <th>Total</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.cashflows.map((flow) => (
                      <tr key={flow.date}>
                        <td>{formatDate(flow.date)}</td>
                        <td>{formatDate(flow.payment_date)}</td>
                        <td>{formatInr(flow.coupon)}</td>
                        <td>{formatInr(flow.principal)}</td>
                        <td>{formatInr(flow.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            </>
          );
        }}
      </PanelState>
    </Panel>
  );
}
