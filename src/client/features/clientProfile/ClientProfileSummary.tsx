/** The read-only client profile everyone at the client sees. */
import { Card, H2, Intent, Tag } from '@blueprintjs/core';
import type { ClientProfile } from '../../../shared/contracts/clients';
import { CLIENT_CATEGORY_LABELS } from '../../../shared/enums';
import { CLIENT_TYPE_LABELS, SEGMENT_LABELS } from './clientLabels';

const muted = (text: string) => <span className="bp6-text-muted">{text}</span>;

export function ClientProfileSummary({ client }: { client: ClientProfile }) {
  return (
    <Card>
      <div className="kosh-account__header">
        <H2>{client.name}</H2>
        <div className="kosh-account__tags">
          <Tag minimal intent={client.tier === 'PREMIUM' ? Intent.SUCCESS : Intent.NONE}>
            {client.tier === 'PREMIUM' ? 'Premium' : 'Basic'} plan
          </Tag>
          {client.is_broker && (
            <Tag minimal intent={Intent.PRIMARY}>
              Broker
            </Tag>
          )}
          {client.is_partner && (
            <Tag minimal intent={Intent.PRIMARY}>
              Partner
            </Tag>
          )}
        </div>
      </div>
      <dl className="kosh-account__details">
        <dt>Client type</dt>
        <dd>{CLIENT_TYPE_LABELS[client.client_type]}</dd>
        {client.category && (
          <>
            <dt>Category</dt>
            <dd>{CLIENT_CATEGORY_LABELS[client.category]}</dd>
          </>
        )}
        <dt>Segment</dt>
        <dd>{SEGMENT_LABELS[client.segment]}</dd>
        <dt>Website</dt>
        <dd>{client.website ?? muted('Not given')}</dd>
        <dt>State</dt>
        <dd>{client.state ?? muted('Not given')}</dd>
        <dt>PAN</dt>
        <dd>{client.pan ?? muted('Not given')}</dd>
        <dt>Exchanges</dt>
        <dd className="kosh-account__tags">
          {client.exchanges.length
            ? client.exchanges.map((e) => (
                <Tag key={e} minimal>
                  {e}
                </Tag>
              ))
            : muted('None')}
        </dd>
      </dl>
    </Card>
  );
}
