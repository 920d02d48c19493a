import { act, cleanup, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyEventObject } from 'xstate';
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
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code: number, reason: string) {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

interface Page {
  system: System;
  sockets: ServerEnd[];
}

const badge = () => document.querySelector<HTMLElement>('[data-testid=live-badge]');
const lastSocket = (page: Page) => page.sockets.at(-1)!;
const shows = (text: string, state: string) => {
  expect(badge()?.textContent).toBe(text);
  expect(badge()?.dataset.live).toBe(state);
};

// Session events come from the session wiring; the harness sends them as it would.
const fromSession = (page: Page, event: AnyEventObject) =>
  act(() => {
    page.system.liveFeed.send(event as never);
  });

describeUiCover<Page>('liveFeed', liveFeedModel, {
  mount() {
    const sockets: ServerEnd[] = [];
    // The model's jitter (0.5): the first reconnect waits 3 s.
    const system = createSystem(() => undefined, undefined, {
      jitter: 0.5,
      openSocket: () => {
        const s = new ServerEnd();
        sockets.push(s);
        return s;
      },
    });
    const page = { system, sockets };
    render(
      <SystemProvider system={page.system}>
        <LiveBadge />
      </SystemProvider>,
    );
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
    // The badge counts the wait down: what is left of it, in whole seconds.
    'waitingToReconnect.counting': (_page, snapshot) =>
      shows(`Reconnecting in ${Math.ceil(snapshot.context.remainingMs / 1000)} s`, 'reconnecting'),
  },
  unmount(page) {
    page.system.dispose();
    cleanup();
  },
});

describe('the live badge on a simulated clock', () => {
  it('counts "Reconnecting in N s" down each second of the wait, then connects again; a longer second wait counts from its own delay', () => {
    const timers = new SimulatedClock();
    const sockets: ServerEnd[] = [];
    const system = createSystem(() => undefined, undefined, {
      jitter: 0.5,
      timers,
      openSocket: () => {
        const s = new ServerEnd();
        sockets.push(s);
        return s;
      },
    });
    render(
      <SystemProvider system={system}>
        <LiveBadge />
      </SystemProvider>,
    );
    try {
      act(() => {
        system.liveFeed.send({ type: 'session.started', access: 'token-1' });
      });
      act(() => sockets.at(-1)!.open());
      act(() => sockets.at(-1)!.receive({ type: 'refresh', reason: 'connected' }));
      shows('Live', 'live');

      // The first wait is a random 1–5 s (3 s at this jitter).
      act(() => sockets.at(-1)!.drop(1006, ''));
      shows('Reconnecting in 3 s', 'reconnecting');
      act(() => timers.increment(999));
      shows('Reconnecting in 3 s', 'reconnecting');
      act(() => timers.increment(1));
      shows('Reconnecting in 2 s', 'reconnecting');
      act(() => timers.increment(1_000));
      shows('Reconnecting in 1 s', 'reconnecting');
      act(() => timers.increment(1_000));
      shows('Connecting…', 'connecting');
      expect(sockets).toHaveLength(2);

      // The next wait is 3.9 s: 4, 3, 2, 1, then connecting again.
      act(() => sockets.at(-1)!.drop(1006, ''));
      const seen = [badge()?.textContent];
      for (let i = 0; i < 3; i += 1) {
        act(() => timers.increment(1_000));
        seen.push(badge()?.textContent);
      }
      expect(seen).toEqual(['Reconnecting in 4 s', 'Reconnecting in 3 s', 'Reconnecting in 2 s', 'Reconnecting in 1 s']);
      act(() => timers.increment(900));
      shows('Connecting…', 'connecting');
    } finally {
      system.dispose();
      cleanup();
    }
  });
});
