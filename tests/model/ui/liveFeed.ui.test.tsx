import { act, cleanup, render } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { liveFeedModel } from '../../../machines/liveFeed.model';
import type { SocketPort } from '../../../src/client/api/liveSocket';
import { createSystem, SystemProvider, type System } from '../../../src/client/app/system';
import { LiveBadge } from '../../../src/client/layouts/LiveBadge';
import { describeUiCover } from './uiCover';

/** The server's end of one socket, as the browser's WebSocket would report it. */
class ServerEnd implements SocketPort {
  readyState = 0;
  readonly sent: unknown[] = [];
  onopen: SocketPort['onopen'] = null;
  onmessage: SocketPort['onmessage'] = null;
  onclose: SocketPort['onclose'] = null;
  send(data: string) { this.sent.push(JSON.parse(data)); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.({}); }
  receive(message: unknown) { this.onmessage?.({ data: JSON.stringify(message) }); }
  drop(code: number, reason: string) { this.readyState = 3; this.onclose?.({ code, reason }); }
}

interface Page { system: System; sockets: ServerEnd[] }

const badge = () => document.querySelector<HTMLElement>('[data-testid=live-badge]');
const lastSocket = (page: Page) => page.sockets.at(-1)!;
const shows = (text: string, state: string) => {
  expect(badge()?.textContent).toBe(text);
  expect(badge()?.dataset.live).toBe(state);
};

// Session events come from the session wiring; the harness sends them as it would.
const fromSession = (page: Page, event: AnyEventObject) => act(() => { page.system.liveFeed.send(event as never); });

describeUiCover<Page>('liveFeed', liveFeedModel, {
  mount() {
    const sockets: ServerEnd[] = [];
    // The model's jitter (0.5): the first reconnect waits 3 s.
    const system = createSystem(() => undefined, undefined, { jitter: 0.5, openSocket: () => { const s = new ServerEnd(); sockets.push(s); return s; } });
    const page = { system, sockets };
    render(<SystemProvider system={page.system}><LiveBadge /></SystemProvider>);
    return page;
  },
  perform: {
    'session.started': fromSession,
    'session.tokenIssued': fromSession,
    'session.ended': fromSession,
    'socket.opened': (page) => act(() => lastSocket(page).open()),
    'socket.message': (page, event) => act(() => lastSocket(page).receive(event.message)),
    'socket.closed': (page, event) => act(() => lastSocket(page).drop(event.code, event.reason)),
  },
  views: {
    stopped: () => expect(badge()).toBeNull(),
    'connection.connecting': () => shows('Connecting…', 'connecting'),
    'connection.authenticating': (page, snapshot) => {
      shows('Connecting…', 'connecting');
      expect(lastSocket(page).sent.at(-1)).toEqual({ type: 'auth', token: snapshot.context.access });
    },
    'connection.live.heartbeat.waiting': () => shows('Live', 'live'),
    'connection.live.traffic.flowing': () => shows('Live', 'live'),
    'connection.offline': () => shows('Offline', 'offline'),
    waitingToReconnect: (_page, snapshot) => shows(`Reconnecting in ${Math.ceil(snapshot.context.backoffMs / 1000)} s`, 'reconnecting'),
  },
  unmount(page) {
    page.system.dispose();
    cleanup();
  },
});

