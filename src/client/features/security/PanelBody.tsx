/** One bond-page panel's loading, error and 402 (premium wall) states; children render the data. */
import { Card, H4, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../api/http';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { useFileRequest } from '../support/useFileRequest';
import { LoadFailed } from '../../ui/LoadFailed';

export interface PanelProps {
  title: string;
  /** Extra controls in the panel's header. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A titled card on the bond page. */
export function Panel({ title, actions, className, children }: PanelProps) {
  return (
    <Card className={`kosh-security__panel${className ? ` ${className}` : ''}`} aria-label={title} role="region">
      <div className="kosh-security__panel-head">
        <H4>{title}</H4>
        {actions}
      </div>
      {children}
    </Card>
  );
}

export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Shows the spinner, the 402 wall or the error of `query`; otherwise the children. */
export function PanelState({ query, finstrumentId, children }: { query: QueryLike; finstrumentId: number; children: () => ReactNode }) {
  const requestUpgrade = useFileRequest('CASHFLOW_UPGRADE', { finstrument_id: finstrumentId });
  if (query.isPending) return <Spinner size={24} className="kosh-security__spinner" aria-label="Loading" />;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 402) {
      return (
        <div className="kosh-security__wall">
          <ErrorScreen status={402} onRequestUpgrade={requestUpgrade} />
        </div>
      );
    }
    return <LoadFailed title="Not available right now" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children()}</>;
}
