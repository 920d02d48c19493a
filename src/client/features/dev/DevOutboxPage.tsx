/** /dev/outbox (demo mode only): mail to `.demo` addresses, newest first. */
import { Callout, Card, H2, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { outboxSchema } from '../../../shared/contracts/auth';
import { api } from '../../api/http';

export function DevOutboxPage() {
  const outbox = useQuery({
    queryKey: ['dev-outbox'],
    queryFn: () => api.get('/api/dev/outbox/', { schema: outboxSchema }),
    refetchInterval: 3_000,
  });
  if (outbox.isPending) return <Spinner className="kosh-page-spinner" />;
  if (outbox.isError)
    return (
      <NonIdealState
        icon="disable"
        title="The outbox is available in demo mode only"
        description="On a server others can reach it needs DEMO_OUTBOX=on."
      />
    );
  return (
    <main className="kosh-page">
      <H2>Demo outbox</H2>
      <Callout icon="info-sign">
        Mail to demo addresses (under <code>.demo</code>) appears here instead of being sent; nobody else&apos;s mail ever does. Refreshes
        every 3 seconds.
      </Callout>
      {outbox.data.results.length === 0 ? (
        <NonIdealState icon="inbox" title="No messages yet" description="Request a one-time password on the sign-in page." />
      ) : (
        <Card className="kosh-outbox">
          <HTMLTable striped compact className="kosh-outbox__table">
            <thead>
              <tr>
                <th>Sent</th>
                <th>To</th>
                <th>Subject</th>
                <th>Message</th>
              </tr>
            </thead>
            <tbody>
              {outbox.data.results.map((m) => (
                <tr key={m.id}>
                  <td>{new Date(m.created_at).toLocaleTimeString()}</td>
                  <td>{m.recipient}</td>
                  <td>{m.subject}</td>
                  <td data-testid="outbox-body">{m.body}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </main>
  );
}
