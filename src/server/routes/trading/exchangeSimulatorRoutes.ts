/**
 * Demo and end-to-end tests only: how the simulated RFQ platforms answer deals from now on —
 * reject with a reason, or answer after a delay — so a desk can see a rejection or a deal waiting
 * on the exchange; and which legs their clearing corporations never receive, so a trade fails at
 * the pay-in cut-off. Real adapters have no such switch; the routes exist in demo mode or with
 * TEST_CLOCK=on, for the venue operator's ops admin: the simulator answers every firm's deals.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrorResponses } from '../../../shared/contracts/common.js';
import { RFQ_PLATFORMS } from '../../../shared/contracts/trading.js';
import type { AppContext } from '../../appContext.js';

const clearingBehaviourSchema = z.object({ withhold: z.array(z.enum(['funds', 'securities'])).max(2) });

const behaviourSchema = z.object({
  reject_with: z.string().trim().min(1).max(200).nullable(),
  delay_ms: z.number().int().min(0).max(3_600_000).default(0),
});

export const exchangeSimulatorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  if (!ctx.config.demo && !ctx.advanceClock) return;
  app.post(
    '/api/dev/exchanges/:platform/',
    {
      schema: {
        tags: ['system'],
        summary: 'Demo and TEST_CLOCK=on only: how the simulated RFQ platform answers deals from now on',
        params: z.object({ platform: z.enum(RFQ_PLATFORMS) }),
        body: behaviourSchema,
        response: { 200: behaviourSchema.extend({ platform: z.enum(RFQ_PLATFORMS) }), ...commonErrorResponses },
      },
    },
    async (request) => {
      const { platform } = request.params;
      const { reject_with: rejectWith, delay_ms: delayMs } = request.body;
      ctx.services.trading.exchanges[platform].behave({ rejectWith, delayMs });
      return { platform, reject_with: rejectWith, delay_ms: delayMs };
    },
  );

  app.post(
    '/api/dev/clearing/:platform/',
    {
      schema: {
        tags: ['system'],
        summary: "Demo and TEST_CLOCK=on only: which legs the platform's simulated clearing corporation never receives from now on",
        params: z.object({ platform: z.enum(RFQ_PLATFORMS) }),
        body: clearingBehaviourSchema,
        response: {
          200: clearingBehaviourSchema.extend({ platform: z.enum(RFQ_PLATFORMS), clearing_corporation: z.enum(['NSCCL', 'ICCL']) }),
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const { platform } = request.params;
      const { clearing } = ctx.services.trading.exchanges[platform];
      clearing.behave({ withhold: request.body.withhold });
      return { platform, clearing_corporation: clearing.name, withhold: clearing.behaviour.withhold };
    },
  );
};
