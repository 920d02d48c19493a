/** The host: one dialog per request, replaced whole by the next; the other side's negotiation action sounds the notification. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import { renderRoute } from '../../../app/testing';
import { sessionFixture, signedInHandlers } from '../../account/testing';
import { DartDialogHost, useDartDialogs } from './DartDialogHost';

// A signed-in dealer (user 7), restored from the refresh cookie as the app does on load.
const server = setupServer(...signedInHandlers(() => sessionFixture({}, { id: 7, roles: ['clientdealer'] })));
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function Buttons() {
  const dialogs = useDartDialogs();
  return (
    <>
      <button type="button" onClick={() => dialogs.open({ kind: 'upload' })}>
        Upload
      </button>
      <button type="button" onClick={() => dialogs.open({ kind: 'newEoi', side: 'ASK' })}>
        Offer
      </button>
    </>
  );
}

describe('DartDialogHost', () => {
  it('shows the dialog of the request, and Cancel closes it', async () => {
    renderRoute(
      <DartDialogHost>
        <Buttons />
      </DartDialogHost>,
      '/',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('dialog', { name: 'Upload quotes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    expect(await screen.findByRole('dialog', { name: 'New offer' })).toBeTruthy();
  });

  it("plays the notification sound for the other side's negotiation actions and the platform's, not for the user's own", async () => {
    // jsdom has no audio output: the test watches what the page asks to play.
    const played: string[] = [];
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(new URL(this.src).pathname);
      return Promise.resolve();
    });
    const { system } = renderRoute(
      <DartDialogHost>
        <Buttons />
      </DartDialogHost>,
      '/',
    );
    await act(() => waitForActor(system.session, (snapshot) => snapshot.hasTag('signedIn')));
    const note = { type: 'rfq_negotiation', negotiation_id: '5', eoi_id: '3', event_id: 42 } as const;
    act(() => system.liveMessages.publish({ ...note, action: 'opened', actor_user_id: '8' }));
    expect(played).toEqual(['/sounds/notification.wav']);
    // The echo of the user's own counter is silent.
    act(() => system.liveMessages.publish({ ...note, action: 'countered', actor_user_id: '7' }));
    expect(played).toHaveLength(1);
    // An expiry has no actor: it is news to everyone.
    act(() => system.liveMessages.publish({ ...note, action: 'expired' }));
    expect(played).toHaveLength(2);
  });
});
