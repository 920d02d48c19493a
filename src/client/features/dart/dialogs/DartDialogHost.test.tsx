/** The host: one dialog per request, replaced whole by the next; a negotiation message sounds the notification. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../app/testing';
import { DartDialogHost, useDartDialogs } from './DartDialogHost';

afterEach(() => { vi.restoreAllMocks(); });

function Buttons() {
  const dialogs = useDartDialogs();
  return (
    <>
      <button type="button" onClick={() => dialogs.open({ kind: 'upload' })}>Upload</button>
      <button type="button" onClick={() => dialogs.open({ kind: 'newEoi', side: 'ASK' })}>Offer</button>
    </>
  );
}

describe('DartDialogHost', () => {
  it('shows the dialog of the request, and Cancel closes it', async () => {
    renderRoute(<DartDialogHost><Buttons /></DartDialogHost>, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('dialog', { name: 'Upload quotes' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Offer' }));
    expect(await screen.findByRole('dialog', { name: 'New offer' })).toBeTruthy();
  });

  it('plays the notification sound when a negotiation message arrives', () => {
    // jsdom has no audio output: the test watches what the page asks to play.
    const played: string[] = [];
    vi.spyOn(window.HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(new URL(this.src).pathname);
      return Promise.resolve();
    });
    const { system } = renderRoute(<DartDialogHost><Buttons /></DartDialogHost>, '/');
    act(() => system.liveMessages.publish({ type: 'rfq_negotiation', negotiation_id: '5', eoi_id: '3', action: 'opened', event_id: 42 }));
    expect(played).toEqual(['/sounds/notification.wav']);
  });
});
