/**
 * What a dart panel shows before and instead of its grid: the failure with a retry, the premium
 * wall for a 402, or the restriction text the server sends when the user may not trade now
 * (spec 01 §6: no client.can_trade, or outside trading timings).
 */
import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { RequestType } from '../../../shared/enums';
import { ApiRequestError } from '../../api/http';
import { ErrorScreen } from '../../ui/ErrorScreen';
import { LoadFailed } from '../../ui/LoadFailed';
import { useFileRequest } from '../support/useFileRequest';

export interface PanelQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

function PremiumWall({ requestType, context }: { requestType: RequestType; context: Record<string, unknown> }) {
  const requestUpgrade = useFileRequest(requestType, context);
  return (
    <div className="kosh-dart__wall">
      <ErrorScreen status={402} onRequestUpgrade={requestUpgrade} />
    </div>
  );
}

export interface PanelStateProps {
  title: string;
  query: PanelQuery;
  /** The server's restriction text; the list is empty by rule while it is set. */
  restriction?: string | null;
  /** The request a 402 files from this panel's Request Upgrade. */
  upgrade?: { requestType: RequestType; context: Record<string, unknown> };
  children: ReactNode;
}

export function PanelState({ title, query, restriction, upgrade, children }: PanelStateProps) {
  if (query.isError) {
    if (upgrade && query.error instanceof ApiRequestError && query.error.status === 402) return <PremiumWall {...upgrade} />;
    return (
      <LoadFailed
        className="kosh-dart__state"
        title={`${title} could not be loaded`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (restriction) return <NonIdealState className="kosh-dart__state" icon="lock" description={<span role="status">{restriction}</span>} />;
  return <>{children}</>;
}
