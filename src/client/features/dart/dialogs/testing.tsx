/**
 * Component tests of the trading dialogs against the real server (tests/clientServer): a signed-in
 * page with the dialog host, and the dialog a request opens.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { waitFor as waitForActor } from 'xstate';
import { expect } from 'vitest';
import { sessionKey } from '../../../app/sessionQueries';
import { renderRoute } from '../../../app/testing';
import { TEST_PASSWORD } from '../../../../../tests/clientServer/tradingServerClient';
import { DartDialogHost, useDartDialogs, type DartDialogRequest } from './DartDialogHost';

function Opener({ request }: { request: DartDialogRequest }) {
  const dialogs = useDartDialogs();
  return (
    <button type="button" onClick={() => dialogs.open(request)}>
      Open dialog
    </button>
  );
}

/** Renders `page` and signs `email` in through the app's session, as the sign-in page would. */
export async function renderSignedIn(email: string, page: ReactNode) {
  const view = renderRoute(page, '/');
  // The app first tries to restore a session (there is none), then takes the sign-in.
  await act(() => waitForActor(view.system.session, (s) => s.matches('unauthenticated'), { timeout: 10_000 }));
  act(() => view.system.session.send({ type: 'session.signIn', credentials: { kind: 'password', email, password: TEST_PASSWORD } }));
  await act(() => waitForActor(view.system.session, (s) => s.matches('authenticated'), { timeout: 10_000 }));
  expect(view.system.queryClient.getQueryData(sessionKey)).toBeTruthy();
  return view;
}

/** Signs `email` in and opens the dialog of `request` from the host. */
export async function openDialog(email: string, request: DartDialogRequest) {
  const view = await renderSignedIn(
    email,
    <DartDialogHost>
      <Opener request={request} />
    </DartDialogHost>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open dialog' }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

/** Types into a field as a user would. */
export const typeInto = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
