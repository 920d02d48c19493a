/**
 * Settle-or-cancel (spec 01 §7 Orders): `PATCH api/orders/settle-cancel/{a}/{b}/` for the seller's
 * side and `PATCH api/procurement-orders/settle-cancel/{a}/{b}/` for the buyer's, {a} the order id
 * and {b} 'settle' (pay in the caller's leg) or 'cancel' (ask to cancel by consent). Answers the
 * order as the caller sees it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../shared/validation/ids.js';
import { apiErrorSchema, commonErrorResponses } from '../../../shared/contracts/common.js';
import { type OrderKind, orderSchema, SETTLE_CANCEL_DECISIONS } from '../../../shared/contracts/orders.js';
import type { AppContext } from '../../appContext.js';
import { callerOf } from '../users/caller.js';

const tags = ['orders'];
const paramsSchema = z.object({
  a: recordIdSchema(),
  b: z.enum(SETTLE_CANCEL_DECISIONS),
});
const FAMILIES: Record<OrderKind, string> = {
  SALE: '/api/orders/settle-cancel/:a/:b/',
  PROCUREMENT: '/api/procurement-orders/settle-cancel/:a/:b/',
};

export const settlementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  for (const [family, url] of Object.entries(FAMILIES) as [OrderKind, string][]) {
    app.patch(
      url,
      {
        schema: {
          tags,
          params: paramsSchema,
          summary:
            family === 'SALE'
              ? 'Seller: pay in your securities (settle), or ask to cancel the accepted trade (cancel)'
              : 'Buyer: pay in your funds (settle), or ask to cancel the accepted trade (cancel)',
          response: { 200: orderSchema, ...commonErrorResponses, 403: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      async (request) => ctx.services.settlement.settleOrCancel(callerOf(request), family, request.params.a, request.params.b),
    );
  }
};
