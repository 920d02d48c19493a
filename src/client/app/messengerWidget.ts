/**
 * The third-party messenger widget (Intercom's Messenger) behind SUPPORT_WIDGET_APP_ID: booted
 * once with the app id (and the signed-in user), then told of each page change. Calls made before
 * its script has loaded wait in the queue its loader reads, as the vendor's own snippet does.
 */
import type { Session } from '../../shared/contracts/auth';

type Messenger = ((...args: unknown[]) => void) & { q?: unknown[][] };

declare global {
  interface Window {
    Intercom?: Messenger;
    intercomSettings?: Record<string, unknown>;
  }
}

/** The widget's script origin; the server's content security policy allows it when an app id is set. */
export const MESSENGER_SCRIPT_ORIGIN = 'https://widget.intercom.io';

const userOf = (profile: Session | undefined) =>
  profile
    ? {
        user_id: String(profile.user_info.id),
        email: profile.user_info.email,
        name: `${profile.user_info.first_name} ${profile.user_info.last_name}`,
      }
    : {};

/** Loads the widget's script and boots it. */
export function bootMessenger(appId: string, profile: Session | undefined): void {
  window.intercomSettings = { app_id: appId, ...userOf(profile) };
  if (!window.Intercom) {
    const queue: Messenger = (...args: unknown[]) => {
      (queue.q ??= []).push(args);
    };
    window.Intercom = queue;
  }
  const script = document.createElement('script');
  script.async = true;
  script.src = `${MESSENGER_SCRIPT_ORIGIN}/widget/${encodeURIComponent(appId)}`;
  document.head.appendChild(script);
}

/** Tells the widget the page changed (it re-reads the url and the user). */
export function updateMessenger(profile: Session | undefined): void {
  window.Intercom?.('update', userOf(profile));
}
