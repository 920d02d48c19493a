/** The delivery (SMTP, or the log and demo outbox) for e-mails sent outside sign-in: resets and invitations. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../appContext.js';
import { createDelivery, type Delivery } from '../auth/delivery.js';

/** A delivery configured like the auth service's. */
export function mailerFor(ctx: AppContext, log: FastifyBaseLogger): Delivery {
  return createDelivery({
    db: ctx.database.db, clock: ctx.clock, log, demo: ctx.config.demo, brandName: ctx.config.brandName,
    smtpUrl: ctx.config.delivery.smtpUrl, smsWebhookUrl: ctx.config.delivery.smsWebhookUrl,
  });
}
