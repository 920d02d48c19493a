/**
 * Live order changes (spec 01 §7 websocket): a `partial_refresh` of the orders topic refetches the
 * lists and the changed orders' details; an `open_orders_count` sets the header's count.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLiveMessages } from '../../app/liveMessages';
import { orderKeys } from './orderQueries';

/** Keeps the orders shown by the calling view current. */
export function useOrdersLive(): void {
  const queryClient = useQueryClient();
  useLiveMessages('partial_refresh', (message) => {
    if (message.topic !== 'orders') return;
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    for (const id of message.ids) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(Number(id)) });
  });
}

/** Takes the pushed open-orders count into the query the badge reads. */
export function useOpenOrdersCountLive(): void {
  const queryClient = useQueryClient();
  useLiveMessages('open_orders_count', (message) => queryClient.setQueryData(orderKeys.openCount(), message.count));
}
