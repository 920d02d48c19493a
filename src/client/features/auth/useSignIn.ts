/** Sends sign-in to the session actor and reports a refusal once, as a toast. */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { SignInCredentials } from '../../../../machines/session.machine';
import { TOAST_TEXT } from '../../../shared/messages';
import { useSystem } from '../../app/system';
import { showToast } from '../../ui/toaster';
import { toastMessageFromError } from '../../ui/toastMessage';

export function useSignIn() {
  const { session } = useSystem();
  const busy = useSelector(session, (s) => s.matches('signingIn'));
  const error = useSelector(session, (s) => s.context.error);
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    // Refusals (4xx) say why; anything else is the spec's runtime-error text.
    void showToast({ severity: 'error', summary: toastMessageFromError(error, TOAST_TEXT.authRuntimeError) });
  }, [error]);
  return {
    busy,
    error: error ? toastMessageFromError(error, TOAST_TEXT.authRuntimeError) : null,
    signIn: (credentials: SignInCredentials) => session.send({ type: 'session.signIn', credentials }),
  };
}
