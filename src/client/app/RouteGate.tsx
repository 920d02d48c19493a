/** Applies a page route's guard (spec 01 §2) and frames the page in its layout. */
import { Spinner } from '@blueprintjs/core';
import { Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { chooseLayout } from '../../shared/layouts';
import { decidePageAccess, homePath } from '../../shared/pageAccess';
import type { PageRoute, PageValidate } from '../../shared/pageRoutes';
import { LAYOUT_COMPONENTS } from '../layouts/layouts';
import { ErrorScreen } from '../ui/ErrorScreen';
import { SupportButton } from '../features/support/SupportButton';
import { useFileRequest } from '../features/support/useFileRequest';
import type { RequestType } from '../../shared/enums';
import { useGuardSession } from './sessionView';

const VALIDATORS: Record<PageValidate['rule'], (params: Record<string, string | undefined>, search: URLSearchParams) => boolean> = {
  numericId: (params) => /^\d+$/.test(params.id ?? ''),
  // The invite itself is checked by the server when registration is built; a link without one is invalid.
  inviteCode: (_params, search) => (search.get('invite_code') ?? '').trim().length > 0,
};

export function RouteGate({ route, children }: { route: PageRoute; children: ReactNode }) {
  const session = useGuardSession();
  const location = useLocation();
  const params = useParams();
  const validateOk = route.validate ? VALIDATORS[route.validate.rule](params, new URLSearchParams(location.search)) : true;
  const decision = decidePageAccess(route, session, `${location.pathname}${location.search}`, validateOk);
  const Layout = LAYOUT_COMPONENTS[chooseLayout(route.layout, session.status === 'authenticated')];

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait')
    return (
      <Layout>
        <Spinner className="kosh-page-spinner" />
      </Layout>
    );
  if (decision.kind === 'error') {
    const support = session.status === 'authenticated' ? <SupportButton text="Contact support" minimal={false} /> : undefined;
    return (
      <Layout>
        {decision.upgradeRequest ? (
          <PremiumWall requestType={decision.upgradeRequest} homePath={homePath(session)} support={support} />
        ) : (
          <ErrorScreen status={decision.status} message={decision.message} homePath={homePath(session)} support={support} />
        )}
      </Layout>
    );
  }
  return (
    <Layout>
      <Suspense fallback={<Spinner className="kosh-page-spinner" />}>{children}</Suspense>
    </Layout>
  );
}

/** The 402 wall of a premium page: Request Upgrade files the page's request type (spec 02 §8). */
function PremiumWall({ requestType, homePath: home, support }: { requestType: RequestType; homePath: string; support: ReactNode }) {
  const requestUpgrade = useFileRequest(requestType, { page: useLocation().pathname });
  return <ErrorScreen status={402} homePath={home} onRequestUpgrade={requestUpgrade} support={support} />;
}
