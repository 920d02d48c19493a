/** Credit ratings with their rationale (GET /api/credit-rationale/:id/), instrument-level first. */
import { Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from './format';
import { Panel, PanelState } from './PanelBody';
import { creditRationaleQuery } from './securityQueries';

export function CreditRationalePanel({ finstrumentId }: { finstrumentId: number }) {
  const rationale = useQuery(creditRationaleQuery(finstrumentId));
  return (
    <Panel title="Credit rationale">
      <PanelState query={rationale} finstrumentId={finstrumentId}>
        {() =>
          rationale.data!.results.length === 0 ? (
            <p className="bp6-text-muted">This bond is not rated.</p>
          ) : (
            <ul className="kosh-security__ratings">
              {rationale.data!.results.map((r) => (
                <li key={`${r.agency}-${r.level}-${r.rated_on}`}>
                  <div className="kosh-security__rating-head">
                    <Tag intent="primary">{`${r.agency} ${r.rating}`}</Tag>
                    <span>{r.outlook}</span>
                    <span className="bp6-text-muted">{`${r.level === 'ISSUER' ? 'Issuer' : 'Instrument'} · ${formatDate(r.rated_on)}`}</span>
                  </div>
                  <p>{r.rationale}</p>
                </li>
              ))}
            </ul>
          )
        }
      </PanelState>
    </Panel>
  );
}
