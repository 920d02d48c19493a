/**
 * The live feed's transport: the socket actor the liveFeed machine invokes (a plain WebSocket to
 * ws/trade/d/; the backoff lives in the chart) and `send` for the machine's auth and ping actions.
 * Messages that do not match the shared contract are dropped.
 */
import { fromCallback } from 'xstate';
import { LIVE_PATH, liveServerMessageSchema, type LiveClientMessage } from '../../shared/contracts/live';
import type { LiveFeedEvent } from '../../../machines/liveFeed.machine';

/** What the transport needs of a WebSocket (the browser's; tests pass their own). */
export interface SocketPort {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}
export type OpenSocket = (url: string) => SocketPort;

const OPEN = 1;

/** ws(s)://<this host>/ws/trade/d/ */
export const liveFeedUrl = () => `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${LIVE_PATH}`;

export function createLiveTransport(open: OpenSocket = (url) => new WebSocket(url) as unknown as SocketPort) {
  let current: SocketPort | null = null;
  const socket = fromCallback(({ sendBack }) => {
    const emit = (event: LiveFeedEvent) => sendBack(event);
    const ws = open(liveFeedUrl());
    current = ws;
    ws.onopen = () => emit({ type: 'socket.opened' });
    ws.onmessage = (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const parsed = liveServerMessageSchema.safeParse(data);
      if (parsed.success) emit({ type: 'socket.message', message: parsed.data });
    };
    // An error is always followed by close: one event marks the disconnect.
    ws.onclose = (event) => emit({ type: 'socket.closed', code: event.code, reason: event.reason });
    return () => {
      ws.onopen = ws.onmessage = ws.onclose = null;
      if (current === ws) current = null;
      ws.close(1000);
    };
  });
  return {
    socket,
    /** Sends on the open socket; nothing when it is not open (the next connect authenticates anyway). */
    send(message: LiveClientMessage): void {
      if (current?.readyState === OPEN) current.send(JSON.stringify(message));
    },
  };
}
