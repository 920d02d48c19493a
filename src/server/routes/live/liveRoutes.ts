/** The live feed socket at ws/trade/d/ (spec 01 §7): the hub does the rest. */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import { LIVE_PATH } from '../../../shared/contracts/live.js';
import type { AppContext } from '../../appContext.js';

const MAX_CLIENT_MESSAGE_BYTES = 16_384;

export const liveRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { hub } = ctx.live;
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // The hub closes its sockets with its own code and reason (spread out when shutting down gracefully).
    preClose: (done) => {
      void hub.close().then(() => done());
    },
  });
  app.get(LIVE_PATH, { websocket: true }, (socket) => hub.accept(socket));
  // A server still migrating starts the feed once ready (main.ts); tests and benches are ready now.
  app.addHook('onReady', async () => {
    if (ctx.readiness.ready) await ctx.live.start();
  });
  app.addHook('onClose', async () => {
    await ctx.live.stop();
  });
};
