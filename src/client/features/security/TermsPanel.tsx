/** The bond's terms (GET /api/finstrument/:id/). */
import { HTMLTable, Tag } from '@blueprintjs/core';
import type { BondDetail } from '../../../shared/contracts/instruments';
import { SECURITY_TYPE_LABELS } from '../../../shared/instruments';
import { formatDate, formatFaceValue, formatPercent } from './format';
import { Panel } from './PanelBody';

const FREQUENCIES: Record<number, string> = { 0: 'At maturity', 1: 'Annual', 2: 'Semi-annual', 4: 'Quarterly', 12: 'Monthly' };

export function TermsPanel({ bond }: { bond: BondDetail }) {
  const rows: [string, string][] = [
    ['ISIN', bond.isin],
    ['Issuer', `${bond.issuer.name} (${bond.issuer.sector})`],
    ['Type', SECURITY_TYPE_LABELS[bond.security_type]],
    ['Coupon', `${formatPercent(bond.coupon_rate)} · ${FREQUENCIES[bond.frequency] ?? `${bond.frequency}× a year`}`],
    ['Issue date', formatDate(bond.issue_date)],
    ['Maturity', bond.is_perpetual ? 'Perpetual' : formatDate(bond.maturity_date)],
    ['Face value', formatFaceValue(bond.face_value)],
    ['Redemption', `${bond.redemption.toFixed(2)} per 100`],
    ['Day count', `${bond.day_count} (${bond.convention})`],
    ['Seniority', bond.seniority],
  ];
  if (bond.call_schedule.length) rows.push(['Calls', bond.call_schedule.map((c) => `${formatDate(c.date)} @ ${c.price}`).join(', ')]);
  if (bond.put_schedule.length) rows.push(['Puts', bond.put_schedule.map((c) => `${formatDate(c.date)} @ ${c.price}`).join(', ')]);
  return (
    <Panel title="Terms">
      <div className="kosh-security__tags">
        <Tag minimal intent={bond.is_listed ? 'success' : 'warning'}>
          {bond.is_listed ? 'Listed' : 'Unlisted'}
        </Tag>
        <Tag minimal>{bond.is_secured ? 'Secured' : 'Unsecured'}</Tag>
        {bond.is_tax_free && (
          <Tag minimal intent="primary">
            Tax free
          </Tag>
        )}
        {bond.matured && (
          <Tag minimal intent="danger">
            Matured
          </Tag>
        )}
        {bond.ratings[0] && (
          <Tag minimal intent="primary">{`${bond.ratings[0].agency} ${bond.ratings[0].rating} (${bond.ratings[0].outlook})`}</Tag>
        )}
      </div>
      <HTMLTable compact className="kosh-security__terms">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Panel>
  );
}
