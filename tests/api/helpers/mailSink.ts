/** The mail gateway of the test app: keeps every message sent, for tests to read codes and links from. */
import type { MailGateway, OutgoingMessage } from '../../../src/server/domain/auth/delivery';

export interface MailSink extends MailGateway {
  readonly messages: OutgoingMessage[];
  /** Messages to `recipient`, newest first. */
  to(recipient: string): OutgoingMessage[];
  /** The 6-digit code in the newest message to `recipient`; throws when there is none. */
  otp(recipient: string): string;
  /** The first link in the newest message to `recipient`; throws when there is none. */
  link(recipient: string): URL;
}

/** `forward`, when given, also gets every message (a test of what the real gateway does with it). */
export function mailSink(forward?: MailGateway): MailSink {
  const messages: OutgoingMessage[] = [];
  const to = (recipient: string) => messages.filter((m) => m.recipient === recipient).reverse();
  const newest = (recipient: string, pattern: RegExp) => {
    const found = pattern.exec(to(recipient)[0]?.body ?? '')?.[1];
    if (!found) throw new Error(`no ${String(pattern)} in mail to ${recipient}`);
    return found;
  };
  return {
    messages,
    send: async (message) => {
      messages.push(message);
      await forward?.send(message);
    },
    to,
    otp: (recipient) => newest(recipient, /\b(\d{6})\b/),
    link: (recipient) => new URL(newest(recipient, /(https?:\/\/\S+)/)),
  };
}
