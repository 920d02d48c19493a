/**
 * How a live `updates` row meets the row a grid holds (STYLE real-time lanes): the fields the
 * message carries are merged into the held row, so a grid takes a status change or a new price as
 * one transaction without a refetch; a row the grid does not hold, or a newer revision that does
 * not carry its price, needs the list fetched again.
 */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

export type LiveRow = { id: string } & Record<string, unknown>;

/** `held` with the fields of `live` it already has (never the id, never fields it does not show). */
export function mergeLiveRow<T extends object>(held: T, live: LiveRow): T {
  const merged: Record<string, unknown> = { ...(held as Record<string, unknown>) };
  for (const [key, value] of Object.entries(live)) if (key !== 'id' && key in held) merged[key] = value;
  return merged as T;
}

/** True when `live` announces a newer revision of `held` whose figures it does not carry. */
export function isStale(held: object, live: LiveRow): boolean {
  const heldRevision = (held as { revision?: unknown }).revision;
  return (
    typeof live.revision === 'number' && typeof heldRevision === 'number' && live.revision > heldRevision && !('unit_price_stored' in live)
  );
}

/**
 * A refetch of `queryKey` that coalesces bursts: while one runs, further calls make exactly one
 * more run after it, so a storm of changes costs at most two fetches and none is missed.
 */
export function coalescedRefetch(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let running = false;
  let again = false;
  const run = async () => {
    running = true;
    try {
      do {
        again = false;
        await queryClient.refetchQueries({ queryKey, exact: true });
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}

/** `coalescedRefetch` of `queryKey`, the same function while the key's content stays the same. */
export function useCoalescedRefetch(queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  const hash = JSON.stringify(queryKey);
  return useMemo(() => coalescedRefetch(queryClient, JSON.parse(hash) as QueryKey), [queryClient, hash]);
}
