/** The open-orders count beside the header's Transactions link, for users who may open that page; pushed live. */
import { Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { decidePageAccess } from '../../../shared/pageAccess';
import { PAGE_ROUTES } from '../../../shared/pageRoutes';
import { useGuardSession } from '../../app/sessionView';
import { openOrdersCountQuery } from './orderQueries';
import { useOpenOrdersCountLive } from './useOrdersLive';

const TRANSACTIONS_ROUTE = PAGE_ROUTES.find((route) => route.id === 'transactions');
export const TRANSACTIONS_PATH = TRANSACTIONS_ROUTE?.path ?? '/client/transactions';

export function OpenOrdersBadge() {
  const session = useGuardSession();
  const allowed = TRANSACTIONS_ROUTE !== undefined && decidePageAccess(TRANSACTIONS_ROUTE, session, TRANSACTIONS_PATH).kind === 'allow';
  return allowed ? <Count /> : null;
}

function Count() {
  useOpenOrdersCountLive();
  const count = useQuery(openOrdersCountQuery).data;
  if (!count) return null;
  return (
    <Tag round minimal className="kosh-open-orders" data-testid="open-orders-count" aria-label={`${count} open orders`}>
      {count}
    </Tag>
  );
}
