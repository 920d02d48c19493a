/**
 * Sends one-time passwords and links through the installation's mail gateway: e-mail through
 * SMTP_URL, SMS through SMS_WEBHOOK_URL, the server log for a channel without one — which notes
 * only that a message went to a masked address, never its code or link. In demo mode on a
 * loopback host (or with DEMO_OUTBOX=on) mail to the reserved `.demo` domain is kept in the
 * outbox table for /dev/outbox instead; nobody else's mail ever is. Tests inject a sink.
 */
import { desc, like } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../shared/clock.js';
import type { Db } from '../../db/database.js';
import { outbox } from '../../db/schema.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/** Where messages leave the app (the port a test replaces with a sink). */
export interface MailGateway {
  send(message: OutgoingMessage): Promise<void>;
}

export interface Delivery extends MailGateway {
  /** Demo outbox: the newest mail kept for `.demo` addresses. */
  outbox(limit: number): Promise<Array<OutgoingMessage & { id: number; createdAt: Date }>>;
}

/** The reserved top-level domain of demo people: nobody outside this installation reads its mail. */
export const DEMO_MAIL_DOMAIN = '.demo';

export const isDemoMail = (message: OutgoingMessage) =>
  message.channel === 'email' && message.recipient.toLowerCase().endsWith(DEMO_MAIL_DOMAIN);

interface GatewayOptions {
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  smsWebhookUrl?: string | undefined;
  brandName: string;
}

/** An address or mobile as the log shows it: its first letters and its domain, or the last two digits. */
export function maskAddress(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient.slice(0, Math.min(2, at))}***${recipient.slice(at)}`;
  return `***${recipient.slice(-2)}`;
}

/** SMTP for e-mail and the webhook for SMS when configured; the server log otherwise. */
export function configuredGateway(options: GatewayOptions): MailGateway {
  const mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      if (message.channel === 'email' && mailer) {
        await mailer.sendMail({
          to: message.recipient,
          from: `${options.brandName} <no-reply@localhost>`,
          subject: message.subject,
          text: message.body,
        });
        return;
      }
      if (message.channel === 'sms' && options.smsWebhookUrl) {
        const response = await fetch(options.smsWebhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: message.recipient, message: message.body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
        return;
      }
      // No gateway: the log says a message went out, never what it says (its code or link is a secret).
      options.log.info(
        { outbox: { channel: message.channel, recipient: maskAddress(message.recipient), subject: message.subject } },
        `${message.channel === 'email' ? 'e-mail' : 'SMS'} with no gateway configured: not sent`,
      );
    },
  };
}

interface DeliveryOptions {
  db: Db;
  clock: Clock;
  gateway: MailGateway;
  /** Keep `.demo` mail for /dev/outbox instead of handing it to the gateway. */
  outboxEnabled: boolean;
}

/** The delivery over `gateway`, with the demo outbox in front of it when enabled. */
export function createDelivery({ db, clock, gateway, outboxEnabled }: DeliveryOptions): Delivery {
  return {
    async send(message) {
      if (outboxEnabled && isDemoMail(message)) {
        await db.insert(outbox).values({ ...message, createdAt: clock.now() });
        return;
      }
      await gateway.send(message);
    },
    // Only `.demo` mail is ever stored; the filter keeps rows from an older version out too.
    outbox: (limit) =>
      db
        .select()
        .from(outbox)
        .where(like(outbox.recipient, `%${DEMO_MAIL_DOMAIN}`))
        .orderBy(desc(outbox.id))
        .limit(limit),
  };
}
