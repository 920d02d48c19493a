/**
 * The typed subscription API of the live feed: feature code says which message kind it handles and
 * never touches the socket. Low-rate kinds invalidate or set query data; high-rate `updates` rows go
 * to ag-grid transactions (STYLE, real-time lanes).
 */
import { useEffect, useRef } from 'react';
import type { LiveMessageOf, LiveMessageType, LiveServerMessage } from '../../shared/contracts/live';
import { useSystem } from './system';

type AnyHandler = (message: LiveServerMessage) => void;

export interface LiveMessages {
  publish(message: LiveServerMessage): void;
  /** Calls `handler` for each message of `kind`; returns the unsubscribe. */
  subscribe<K extends LiveMessageType>(kind: K, handler: (message: LiveMessageOf<K>) => void): () => void;
}

export function createLiveMessages(): LiveMessages {
  const handlers = new Map<LiveMessageType, Set<AnyHandler>>();
  return {
    publish(message) {
      for (const handler of handlers.get(message.type) ?? []) handler(message);
    },
    subscribe(kind, handler) {
      const set = handlers.get(kind) ?? new Set<AnyHandler>();
      handlers.set(kind, set);
      set.add(handler as AnyHandler);
      return () => {
        set.delete(handler as AnyHandler);
      };
    },
  };
}

/** Runs `handler` for every live message of `kind` while the calling component is mounted. */
export function useLiveMessages<K extends LiveMessageType>(kind: K, handler: (message: LiveMessageOf<K>) => void): void {
  const { liveMessages } = useSystem();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveMessages.subscribe(kind, (message) => latest.current(message)), [liveMessages, kind]);
}
