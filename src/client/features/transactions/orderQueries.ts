/** The transactions page's server data: one key factory, the list, one order, and the open-orders count. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderKind } from '../../../shared/contracts/orders';
import { fetchOrder, fetchOrders, type OrderListFilters } from '../../api/ordersApi';

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filters: OrderListFilters) => [...orderKeys.lists(), filters] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
  openCount: () => [...orderKeys.all, 'open-count'] as const,
};

/** One page of orders; the last page stays on screen while the next loads. */
export const ordersQuery = (filters: OrderListFilters) =>
  queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: ({ signal }) => fetchOrders(filters, signal),
    placeholderData: keepPreviousData,
  });

export const orderDetailQuery = (order: { kind: OrderKind; id: number }) =>
  queryOptions({
    queryKey: orderKeys.detail(order.id),
    queryFn: ({ signal }) => fetchOrder(order.kind, order.id, signal),
  });

/** The open orders' count until the live feed pushes one: the unified list's count, one row asked for. */
export const openOrdersCountQuery = queryOptions({
  queryKey: orderKeys.openCount(),
  queryFn: async ({ signal }) => (await fetchOrders({ state: 'open', page: 1, pageSize: 1 }, signal)).count,
  staleTime: Infinity,
});
