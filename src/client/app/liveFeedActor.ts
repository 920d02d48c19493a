/**
 * The live-feed actor and its wiring: follows the session (start on sign-in, re-auth on each new
 * access token, stop on sign-out), sends the machine's auth and ping over the transport, and hands
 * every server message to the subscribers. A `refresh` refetches whatever the page shows.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createActor, type ActorOptions, type ActorRefFrom, type AnyActorLogic } from 'xstate';
import { liveFeedMachine } from '../../../machines/liveFeed.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import { createLiveTransport, type OpenSocket } from '../api/liveSocket';
import { inspect } from './actorInspection';
import { createLiveMessages } from './liveMessages';

/** What sets and clears an actor's timers (XState's clock): the browser's, or a test's SimulatedClock. */
export type ActorTimers = NonNullable<ActorOptions<AnyActorLogic>['clock']>;

export function createLiveFeed(deps: {
  session: ActorRefFrom<typeof sessionMachine>;
  queryClient: QueryClient;
  openSocket?: OpenSocket | undefined;
  jitter?: number | undefined;
  /** The timers of the feed's delays (reconnect, countdown, heartbeat); a test's SimulatedClock. */
  clock?: ActorTimers | undefined;
}) {
  const { session, queryClient } = deps;
  const transport = createLiveTransport(deps.openSocket);
  const liveMessages = createLiveMessages();
  const markLive = (state: string) => {
    document.documentElement.dataset.liveFeed = state;
  };
  const liveFeed = createActor(
    liveFeedMachine.provide({
      actors: { socket: transport.socket },
      actions: {
        sendAuth: ({ context }) => {
          if (context.access) transport.send({ type: 'auth', token: context.access });
        },
        sendPing: () => transport.send({ type: 'ping' }),
        deliver: (_, { message }) => liveMessages.publish(message),
        markConnected: () => markLive('connected'),
        markDisconnected: () => markLive('disconnected'),
        refreshDashboard: () => {
          if (window.location.pathname.startsWith('/dart')) void queryClient.invalidateQueries();
        },
      },
    }),
    { input: { jitter: deps.jitter ?? Math.random() }, inspect, ...(deps.clock && { clock: deps.clock }) },
  );

  const stopRefresh = liveMessages.subscribe('refresh', () => void queryClient.invalidateQueries());
  let lastAccess: string | null = null;
  const follow = session.subscribe((snapshot) => {
    const access = snapshot.hasTag('signedIn') ? snapshot.context.access : null;
    if (access === lastAccess) return;
    if (!access) liveFeed.send({ type: 'session.ended' });
    else liveFeed.send({ type: lastAccess ? 'session.tokenIssued' : 'session.started', access });
    lastAccess = access;
  });
  return {
    liveFeed,
    liveMessages,
    dispose() {
      follow.unsubscribe();
      stopRefresh();
    },
  };
}
