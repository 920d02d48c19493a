/**
 * The live feed of one instance: the ws/trade/d/ route and its hub, the hub's subscription to the
 * bus, and the event dispatcher that publishes committed events on the bus. The dispatcher starts
 * once the database is migrated (`app.liveFeed.start()`); the hub closes its sockets on shutdown.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { LIVE_PATH } from '../../shared/contracts/live.js';
import type { AppContext } from '../appContext.js';
import { appConsumers, eventFromBus, LIVE_EVENTS_CHANNEL } from '../events/consumers.js';
import { startEventDispatcher, type EventDispatcher } from '../events/dispatcher.js';
import { createLiveHub, type LiveHub } from './hub.js';
import { loadViewer } from './viewers.js';

declare module 'fastify' {
  interface FastifyInstance {
    liveFeed: {
      hub: LiveHub;
      /** Starts dispatching committed events (idempotent); call once migrations are applied. */
      start(): Promise<void>;
    };
  }
}

const MAX_CLIENT_MESSAGE_BYTES = 16_384;

async function liveFeed(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const onError = (error: unknown) => app.log.error({ err: error }, 'live feed');
  const hub = createLiveHub({
    auth: ctx.auth,
    viewerOf: (userAccountId) => loadViewer(ctx.database.db, userAccountId),
    clock: ctx.clock,
    timers: ctx.timers,
    sendBufferLimit: ctx.config.liveSendBufferLimit,
    onError,
  });
  const unsubscribe = await ctx.bus.subscribe(LIVE_EVENTS_CHANNEL, (message) => hub.deliver(eventFromBus(message)));
  let dispatcher: Promise<EventDispatcher> | null = null;
  const start = async () => {
    dispatcher ??= startEventDispatcher({ database: ctx.database, clock: ctx.clock, timers: ctx.timers, consumers: appConsumers(ctx), onError });
    await dispatcher;
  };
  app.decorate('liveFeed', { hub, start });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // The hub closes its sockets with its own code and reason.
    preClose: (done) => { hub.close(); done(); },
  });
  app.get(LIVE_PATH, { websocket: true }, (socket) => hub.accept(socket));

  app.addHook('onReady', async () => { if (ctx.readiness.ready) await start(); });
  app.addHook('onClose', async () => {
    hub.close();
    await unsubscribe();
    await (await dispatcher)?.stop();
  });
}

export const liveFeedPlugin = fastifyPlugin(liveFeed, { name: 'live-feed' });
