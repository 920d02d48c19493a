/**
 * The API client's side of the session (spec 01 §4): requests carry the session's access token,
 * and a 401 is reported to the session machine with the token it was sent with, then waits for
 * the machine to settle. The machine decides whether that means a refresh, joining the one in
 * flight, a plain retry (the token was replaced meanwhile) or a sign-out; the request is retried
 * only if the user is still signed in.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import type { AuthHooks } from '../api/http';

export function sessionAuthHooks(session: ActorRefFrom<typeof sessionMachine>): AuthHooks {
  return {
    accessToken: () => session.getSnapshot().context.access,
    async onUnauthorized(url, sentWith) {
      session.send({ type: 'request.unauthorized', url, access: sentWith });
      const settled = await waitFor(session, (s) => !s.hasTag('busy') && !s.hasTag('loading'));
      return settled.hasTag('signedIn');
    },
  };
}
