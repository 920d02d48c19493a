/**
 * The Orders calls of spec 01 §7: the unified list, one order, reporting a trade (with an
 * Idempotency-Key), accept-reject, cancel, modify, settle-or-cancel and the contract note. One
 * trade is one order; the caller reaches it under `api/orders/` when it sells (kind SALE) and
 * `api/procurement-orders/` when it buys (PROCUREMENT).
 */
import {
  orderDetailSchema,
  orderListResponseSchema,
  orderSchema,
  type OrderDetail,
  type OrderKind,
  type OrderListResponse,
  type OrderStatus,
  type OrderView,
} from '../../shared/contracts/orders';
import type { RfqPlatform } from '../../shared/contracts/trading';
import { api, apiDownload } from './http';

/** The family of routes an order of `kind` lives under. */
export const orderFamily = (kind: OrderKind) => (kind === 'SALE' ? 'orders' : 'procurement-orders');

/** The list's filters (ours besides state and paging: counterparty, bond, search, trade-date range). */
export interface OrderListFilters {
  state: OrderStatus | 'open' | 'all';
  page: number;
  pageSize: number;
  counterpartyClientId?: number | undefined;
  finstrumentId?: number | undefined;
  /** ISIN or bond name. */
  search?: string | undefined;
  /** Trade dates, 'YYYY-MM-DD'. */
  from?: string | undefined;
  to?: string | undefined;
}

/** GET api/orders/unified/: one page of the caller's orders. */
export function fetchOrders(filters: OrderListFilters, signal?: AbortSignal): Promise<OrderListResponse> {
  return api.get('/api/orders/unified/', {
    query: {
      state: filters.state,
      page: filters.page,
      page_size: filters.pageSize,
      paginate: true,
      counterparty_client_id: filters.counterpartyClientId,
      finstrument_id: filters.finstrumentId,
      search: filters.search || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
    },
    schema: orderListResponseSchema,
    signal,
  });
}

/** GET api/orders/{id}/ or api/procurement-orders/{id}/: the order with its timeline. */
export function fetchOrder(kind: OrderKind, id: number, signal?: AbortSignal): Promise<OrderDetail> {
  return api.get(`/api/${orderFamily(kind)}/${id}/`, { schema: orderDetailSchema, signal });
}

/** The report fields a trade is reported (and modified) with. */
export interface ReportFields {
  quantity: number | string;
  unit_price_stored?: number | string;
  /** A fraction with 6 decimals. */
  yield_stored?: number;
  trade_time: string;
  trade_date?: string;
  settlement_date?: string;
  settlement_delta?: 0 | 1 | 2;
  exchange: RfqPlatform;
  broker_client_id?: number;
  brokerage?: string;
}

/** POST body of a report: who the trade was with, on which bond, and its fields. */
export interface ReportTradeBody extends ReportFields {
  counterparty_client_id: number;
  counterparty_user_account_id?: number;
  finstrument_id: number;
}

export type TradeSide = 'BUY' | 'SELL';

/** POST api/orders/ (you sell) or api/procurement-orders/ (you buy); a retry sends the same key. */
export function reportTrade(side: TradeSide, body: ReportTradeBody, idempotencyKey: string): Promise<OrderView> {
  return api.post(`/api/${orderFamily(side === 'SELL' ? 'SALE' : 'PROCUREMENT')}/`, body, {
    schema: orderSchema,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Accepts the report at the revision the user saw (a changed report is answered 409 FIGURES_CHANGED with its new figures). */
export const acceptOrder = (order: Pick<OrderView, 'kind' | 'id'>, revision: number) =>
  api.put(
    `/api/${orderFamily(order.kind)}/${order.id}/accept-reject/`,
    { reported_order_status: 'ACCEPTED', revision },
    { schema: orderSchema },
  );

export const rejectOrder = (order: Pick<OrderView, 'kind' | 'id'>, reason?: string) =>
  api.put(
    `/api/${orderFamily(order.kind)}/${order.id}/accept-reject/`,
    { reported_order_status: 'REJECTED', ...(reason ? { reason } : {}) },
    { schema: orderSchema },
  );

export const cancelOrder = (order: Pick<OrderView, 'kind' | 'id'>) =>
  api.post(`/api/${orderFamily(order.kind)}/${order.id}/cancel/`, undefined, { schema: orderSchema });

/** PUT api/orders/{id}/modify/ (seller) or PATCH api/procurement-orders/{id}/modify/ (buyer) with the changed fields. */
export const modifyOrder = (order: Pick<OrderView, 'kind' | 'id'>, changes: Partial<ReportFields>) =>
  order.kind === 'SALE'
    ? api.put(`/api/orders/${order.id}/modify/`, changes, { schema: orderSchema })
    : api.patch(`/api/procurement-orders/${order.id}/modify/`, changes, { schema: orderSchema });

/** PATCH api/<family>/settle-cancel/{id}/settle|cancel/: pay in the caller's leg, or ask to cancel by consent. */
export const settleOrCancel = (order: Pick<OrderView, 'kind' | 'id'>, decision: 'settle' | 'cancel') =>
  api.patch(`/api/${orderFamily(order.kind)}/settle-cancel/${order.id}/${decision}/`, undefined, { schema: orderSchema });

/** GET api/<family>/{id}/contract-note/: the PDF, fetched with the session's token. */
export const fetchContractNote = (order: Pick<OrderView, 'kind' | 'id'>) =>
  apiDownload('GET', `/api/${orderFamily(order.kind)}/${order.id}/contract-note/`);
