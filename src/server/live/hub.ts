/**
 * The live hub of one instance: accepts ws/trade/d/ sockets, authenticates them by their first
 * message, sends each committed event (from the bus) to the sockets allowed to see it, answers
 * pings, and every heartbeat closes sockets that went silent, whose token expired or whose
 * sign-in ended.
 */
import { WS_AUTH_TIMEOUT_MS, WS_CONNECTIVITY_CHECK_MS, WS_OFFLINE_THRESHOLD_MS } from '../../shared/constants.js';
import type { Clock } from '../../shared/clock.js';
import { liveClientMessageSchema } from '../../shared/contracts/live.js';
import type { Principal } from '../../shared/accessPolicy.js';
import type { Timers } from '../../shared/timers.js';
import type { LoggedEvent } from '../events/dispatcher.js';
import { LiveConnection, type LiveIdentity, type SocketLike } from './connection.js';
import { messagesFor, type Viewer } from './visibility.js';

export interface HubAuth {
  liveIdentity(token: string): Promise<{ principal: Principal; sessionId: string | null; expiresAt: Date } | null>;
  activeSessions(sessionIds: readonly string[]): Promise<Set<string>>;
}

export interface HubDeps {
  auth: HubAuth;
  /** The account as the visibility rules see it (null when no longer active). */
  viewerOf(userAccountId: number): Promise<Viewer | null>;
  clock: Clock;
  timers: Timers;
  /** Bytes buffered for a socket past which messages are dropped for one `refresh` (back-pressure). */
  sendBufferLimit: number;
  onError(error: unknown): void;
}

/** The socket events the hub listens to (the `ws` WebSocket has them). */
export interface HubSocket extends SocketLike {
  on(event: 'message', listener: (data: unknown) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
}

export function createLiveHub(deps: HubDeps) {
  const { auth, viewerOf, clock, timers, onError } = deps;
  const { sendBufferLimit } = deps;
  const connections = new Set<LiveConnection>();
  let outbox = Promise.resolve();
  const now = () => clock.now().getTime();
  /** Set once the instance starts stopping with its sockets' closes spread out (closeSpread). */
  let stopping: Promise<void> | null = null;

  async function identify(token: string): Promise<LiveIdentity | null> {
    const found = await auth.liveIdentity(token);
    const viewer = found && (await viewerOf(found.principal.userAccountId));
    return found && viewer ? { viewer, sessionId: found.sessionId, expiresAt: found.expiresAt } : null;
  }

  async function authenticate(connection: LiveConnection, token: string): Promise<void> {
    const identity = await identify(token);
    const previous = connection.identity;
    // A new token on an open socket must be the same user's (re-authentication after a refresh).
    if (!identity || (previous && previous.viewer.userAccountId !== identity.viewer.userAccountId)) {
      connection.close('badToken');
      return;
    }
    connection.identity = identity;
    if (!previous) connection.send({ type: 'refresh', reason: 'connected' });
  }

  async function receive(connection: LiveConnection, data: unknown): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      parsed = undefined;
    }
    const message = liveClientMessageSchema.safeParse(parsed);
    if (!message.success) {
      connection.close('malformed');
      return;
    }
    if (message.data.type === 'ping') connection.send({ type: 'pong' });
    else await authenticate(connection, message.data.token);
  }

  /** A user's roles changed: their sockets see with the new roles from this event on (a removed account is closed). */
  async function reloadViewers(event: LoggedEvent): Promise<void> {
    if (event.type !== 'user_account.roles_changed') return;
    const accountId = Number(event.aggregateId);
    const affected = [...connections].filter((c) => c.identity?.viewer.userAccountId === accountId);
    if (affected.length === 0) return;
    const viewer = await viewerOf(accountId);
    for (const connection of affected) {
      if (!viewer) connection.close('sessionEnded');
      else if (connection.identity) connection.identity.viewer = viewer;
    }
  }

  async function fanOut(event: LoggedEvent): Promise<void> {
    await reloadViewers(event);
    for (const connection of connections) {
      if (!connection.identity) continue;
      for (const message of messagesFor(event, connection.identity.viewer)) connection.send(message);
    }
  }

  async function heartbeat(): Promise<void> {
    const at = now();
    const open = [...connections].filter((c) => c.isOpen);
    for (const connection of open) {
      if (at - connection.lastHeardAt > WS_OFFLINE_THRESHOLD_MS) connection.close('silent');
      else if (connection.identity && connection.identity.expiresAt.getTime() <= at) connection.close('tokenExpired');
      else connection.settleMissed();
    }
    const sessions = [...new Set(open.flatMap((c) => (c.isOpen && c.identity?.sessionId ? [c.identity.sessionId] : [])))];
    const active = await auth.activeSessions(sessions);
    for (const connection of open) {
      const sessionId = connection.identity?.sessionId;
      if (sessionId && !active.has(sessionId)) connection.close('sessionEnded');
    }
  }

  const stopHeartbeat = timers.every(WS_CONNECTIVITY_CHECK_MS, () => {
    heartbeat().catch(onError);
  });

  function closeAll(): void {
    stopHeartbeat();
    for (const connection of connections) connection.close('serverStopping');
    connections.clear();
  }

  return {
    /** Takes a freshly opened socket. */
    accept(socket: HubSocket): void {
      const connection = new LiveConnection(socket, sendBufferLimit, now());
      // A stopping instance sends a socket opened meanwhile on to another at once.
      if (stopping) {
        connection.close('serverStopping');
        return;
      }
      connections.add(connection);
      const cancelAuthTimeout = timers.after(WS_AUTH_TIMEOUT_MS, () => {
        if (!connection.identity) connection.close('authTimeout');
      });
      const forget = () => {
        cancelAuthTimeout();
        connection.markClosed();
        connections.delete(connection);
      };
      // One message at a time, in order: a ping sent after a new token is answered once the token is in use.
      let inbox = Promise.resolve();
      socket.on('message', (data) => {
        connection.lastHeardAt = now();
        inbox = inbox.then(() => receive(connection, data)).catch(onError);
      });
      socket.on('close', forget);
      socket.on('error', forget);
    },

    /**
     * Sends a committed event to every socket allowed to see it. Events go out one at a time in
     * log order, so an access change re-reads its user before any later event reaches their sockets.
     */
    deliver(event: LoggedEvent): void {
      outbox = outbox.then(() => fanOut(event)).catch(onError);
    },

    /** The sockets open now (authenticated or not). */
    get size(): number {
      return connections.size;
    },

    /** Bytes queued on all open sockets and not yet sent (metrics). */
    get queuedBytes(): number {
      let total = 0;
      for (const connection of connections) total += connection.queuedBytes;
      return total;
    },

    /** Closes every socket now (the instance is stopping), or once the spread closes are done. */
    close(): Promise<void> {
      if (stopping) return stopping;
      closeAll();
      return Promise.resolve();
    },

    /**
     * The instance is stopping (graceful shutdown): each socket is closed with "Server stopping" at
     * a random moment within `windowMs`, so its client reconnects (to another instance) without the
     * whole fleet's clients arriving there at once. New sockets are closed as they come.
     */
    closeSpread(windowMs: number, random: () => number = Math.random): Promise<void> {
      const closes = [...connections].map(
        (connection) =>
          new Promise<void>((resolve) =>
            timers.after(Math.floor(random() * windowMs), () => {
              connection.close('serverStopping');
              resolve();
            }),
          ),
      );
      stopping ??= Promise.all(closes).then(closeAll);
      return stopping;
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
