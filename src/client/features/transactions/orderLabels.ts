/** What users read for an order's status, side and actions: one catalogue for the grid, the drawer and the exports. */
import { Intent } from '@blueprintjs/core';
import type { OrderAction, OrderStatus, OrderView } from '../../../shared/contracts/orders';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  reported: 'Awaiting confirmation',
  accepted: 'Confirmed',
  due: 'Settlement due',
  settled: 'Settled',
  failed: 'Settlement failed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const STATUS_INTENTS: Record<OrderStatus, Intent> = {
  reported: Intent.WARNING,
  accepted: Intent.PRIMARY,
  due: Intent.PRIMARY,
  settled: Intent.SUCCESS,
  failed: Intent.DANGER,
  rejected: Intent.DANGER,
  cancelled: Intent.NONE,
};

export const ACTION_LABELS: Record<OrderAction, string> = {
  accept: 'Accept',
  reject: 'Reject',
  modify: 'Modify',
  cancel: 'Cancel trade',
  pay_in: 'Pay in',
  request_cancel: 'Request cancellation',
};

/** The caller buys a PROCUREMENT order and sells a SALE. */
export const sideOf = (order: Pick<OrderView, 'kind'>) => (order.kind === 'PROCUREMENT' ? 'Buy' : 'Sell');

export const LATE_LABEL = 'Late';
export const EMPTY_ORDERS_TEXT = 'No orders yet';
export const NO_OPEN_ORDERS_TEXT = 'No open orders';
export const NO_MATCHING_ORDERS_TEXT = 'No orders match these filters';
