/**
 * Requests from the client's users (upgrade walls, access requests), for the OpsAdmin to act on
 * until the support desk takes them over.
 */
import { H3, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { requestListSchema } from '../../../shared/contracts/requests';
import { REQUEST_TYPE_LABELS } from '../../../shared/enums';
import { api } from '../../api/http';
import { LoadFailed } from '../../ui/LoadFailed';

export const requestListQuery = {
  queryKey: ['requests', 'list'] as const,
  queryFn: () => api.get('/api/requests/', { schema: requestListSchema }),
};

export function RequestsPanel() {
  const requests = useQuery(requestListQuery);
  let body;
  if (requests.isPending) body = <Spinner size={24} aria-label="Loading requests" />;
  else if (requests.isError) {
    body = <LoadFailed title="The requests could not be loaded" error={requests.error} onRetry={() => void requests.refetch()} />;
  } else if (requests.data.results.length === 0) {
    body = <NonIdealState icon="inbox" title="No requests yet" description="Upgrade and access requests from your users appear here." />;
  } else {
    body = (
      <HTMLTable compact striped className="kosh-requests">
        <thead>
          <tr>
            <th>Received</th>
            <th>Request</th>
            <th>From</th>
            <th>Message</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {requests.data.results.map((r) => (
            <tr key={r.id}>
              <td>{new Date(r.created_at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}</td>
              <td>{REQUEST_TYPE_LABELS[r.request_type]}</td>
              <td>{r.user ? `${r.user.name} (${r.user.email})` : '—'}</td>
              <td>{r.message ?? '—'}</td>
              <td>
                <Tag minimal>{r.status}</Tag>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }
  return (
    <section aria-label="Requests" className="kosh-requests__section">
      <H3>Requests</H3>
      {body}
    </section>
  );
}
