/** Other bonds of the same issuer (POST /api/bonds-by-same-issuer/:id/), as links to their pages. */
import { HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MATURED_LABEL, UNLISTED_LABEL } from '../../../shared/constants';
import { formatDate, formatPercent } from './format';
import { Panel, PanelState } from './PanelBody';
import { sameIssuerQuery } from './securityQueries';

export function SameIssuerPanel({ finstrumentId }: { finstrumentId: number }) {
  const bonds = useQuery(sameIssuerQuery(finstrumentId));
  return (
    <Panel title="Bonds by the same issuer">
      <PanelState query={bonds} finstrumentId={finstrumentId}>
        {() =>
          bonds.data!.results.length === 0 ? (
            <p className="bp6-text-muted">No other bonds of this issuer.</p>
          ) : (
            <div className="kosh-security__table-scroll">
              <HTMLTable compact striped interactive className="kosh-security__same-issuer">
                <thead>
                  <tr>
                    <th>Bond</th>
                    <th>ISIN</th>
                    <th>Coupon</th>
                    <th>Maturity</th>
                  </tr>
                </thead>
                <tbody>
                  {bonds.data!.results.map((b) => (
                    <tr key={b.id}>
                      <td>
                        <Link to={`/security/${b.id}`}>{b.display_name}</Link>
                        {!b.is_listed && (
                          <Tag minimal className="kosh-security__flag">
                            {UNLISTED_LABEL}
                          </Tag>
                        )}
                        {b.matured && (
                          <Tag minimal className="kosh-security__flag">
                            {MATURED_LABEL}
                          </Tag>
                        )}
                      </td>
                      <td>{b.isin}</td>
                      <td>{formatPercent(b.coupon_rate)}</td>
                      <td>{formatDate(b.maturity_date)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          )
        }
      </PanelState>
    </Panel>
  );
}
