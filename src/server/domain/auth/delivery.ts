/**
 * Sends one-time passwords and links: e-mail through SMTP_URL, SMS through SMS_WEBHOOK_URL.
 * Without a gateway the server log notes that a message went to a masked address — never its
 * code or link — and in demo mode the message goes to the outbox table the demo outbox page reads.
 */
import { desc } from 'drizzle-orm';
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

export interface Delivery {
  send(message: OutgoingMessage): Promise<void>;
  /** Demo mode: the newest messages that had no gateway to go to. */
  outbox(limit: number): Promise<Array<OutgoingMessage & { id: number; createdAt: Date }>>;
}

interface DeliveryOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string | undefined;
  smsWebhookUrl?: string | undefined;
  demo: boolean;
  brandName: string;
}

/** An address or mobile as the log shows it: its first letters and its domain, or the last two digits. */
export function maskAddress(recipient: string): string {
  const at = recipient.lastIndexOf('@');
  if (at > 0) return `${recipient.slice(0, Math.min(2, at))}***${recipient.slice(at)}`;
  return `***${recipient.slice(-2)}`;
}

/** The delivery for this installation's configuration. */
export function createDelivery(options: DeliveryOptions): Delivery {
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
        `${message.channel === 'email' ? 'e-mail' : 'SMS'} with no gateway configured: kept ${options.demo ? 'in the demo outbox' : 'nowhere'}`,
      );
      if (options.demo) await options.db.insert(outbox).values({ ...message, createdAt: options.clock.now() });
    },
    outbox: (limit) => options.db.select().from(outbox).orderBy(desc(outbox.id)).limit(limit),
  };
}
