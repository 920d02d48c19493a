/** The support tickets the caller can follow (their own; an OpsAdmin's: the client's), with their status. */
import { Card, H3, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { SUPPORT_TYPE_LABELS } from '../../../shared/support/ticketTypes';
import { listSupportTickets } from '../../api/supportApi';
import { LoadFailed } from '../../ui/LoadFailed';

const SUMMARY_CHARS = 80;

/** The form's name and the first line of what was written, clipped. */
function summary(formName: string, content: string): string {
  const line = content.split('\n')[0] ?? '';
  const clipped = line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
  return `${formName}: ${clipped}`;
}

export const supportTicketsQuery = { queryKey: ['support', 'tickets'] as const, queryFn: listSupportTickets };

export function SupportTicketsCard() {
  const tickets = useQuery(supportTicketsQuery);
  let body;
  if (tickets.isPending) body = <Spinner size={24} aria-label="Loading support tickets" />;
  else if (tickets.isError)
    body = <LoadFailed title="The tickets could not be loaded" error={tickets.error} onRetry={() => void tickets.refetch()} />;
  else if (tickets.data.results.length === 0)
    body = <NonIdealState icon="inbox" title="No support tickets" description="Tickets you raise through Support appear here." />;
  else {
    body = (
      <HTMLTable compact striped className="kosh-support__tickets">
        <thead>
          <tr>
            <th>Raised</th>
            <th>Type</th>
            <th>Ticket</th>
            <th>By</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {tickets.data.results.map((t) => (
            <tr key={t.id}>
              <td>{new Date(t.created_at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}</td>
              <td>{SUPPORT_TYPE_LABELS[t.support_type]}</td>
              <td>
                {summary(t.form_name, t.content)}
                {t.file && <span className="bp6-text-muted"> · {t.file.name}</span>}
              </td>
              <td>{t.requester?.name ?? '—'}</td>
              <td>
                <Tag minimal>{t.status}</Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }
  return (
    <Card aria-label="Support tickets" role="region">
      <H3>Support tickets</H3>
      {body}
    </Card>
  );
}
