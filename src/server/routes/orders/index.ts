/**
 * The orders area's route plugins, registered together by the app: reporting and reading orders
 * here, settlement (settle-or-cancel) in its own file. A new orders plugin is one more entry.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.js';
import { orderRoutes } from './orderRoutes.js';
import { settlementRoutes } from './settlementRoutes.js';

export const ORDER_ROUTE_PLUGINS: readonly FastifyPluginAsyncZod<{ ctx: AppContext }>[] = [orderRoutes, settlementRoutes];

export const ordersArea: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const plugin of ORDER_ROUTE_PLUGINS) await app.register(plugin, { ctx });
};
