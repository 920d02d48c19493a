import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../shared/contracts/auth';
import { ExchangeCredentialsPage } from '../credentials/ExchangeCredentialsPage';
import { ProfilePage } from './ProfilePage';
import { clickButton, renderPage, sessionFixture, signedInHandlers, typeInto } from './testing';

let session: Session = sessionFixture();
const calls: { path: string; body: unknown }[] = [];
const server = setupServer(
  ...signedInHandlers(() => session),
  http.patch('*/api/client/chat-terms/', () => {
    calls.push({ path: 'chat-terms', body: null });
    session = sessionFixture({}, { has_accepted_chat_terms: true });
    return HttpResponse.json({ has_accepted_chat_terms: true });
  }),
  http.post('*/api/reset-password/', async ({ request }) => {
    calls.push({ path: 'reset', body: await request.json() });
    return HttpResponse.json({ detail: 'sent' });
  }),
  http.post('*/api/client/credentials/', async ({ request }) => {
    const body = (await request.json()) as { corp: 'NSCCL' | 'ICCL'; participant_code: string };
    calls.push({ path: 'credentials', body });
    session = sessionFixture({ nsccl_credentials: true, nsccl_name: 'ARIHANT CAPITAL' });
    return HttpResponse.json({ corp: body.corp, participant_code: body.participant_code, updated_at: '2026-01-05T10:00:00Z' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  session = sessionFixture();
});
afterAll(() => server.close());

describe('profile', () => {
  it('shows the signed-in user with role tags, accepts the chat terms and starts a password change', async () => {
    renderPage(<ProfilePage />, '/profile');
    expect(await screen.findByText('Sanjay Kulkarni')).toBeTruthy();
    expect(screen.getByText('clientopsadmin@arihant.demo')).toBeTruthy();
    expect(screen.getByText('Arihant Capital Markets Ltd')).toBeTruthy();
    expect(screen.getByText('OpsAdmin')).toBeTruthy();
    expect(screen.getByText('Basic')).toBeTruthy();
    clickButton('Accept chat terms');
    expect(await screen.findByText('Chat terms accepted', { selector: 'h5, .bp6-heading' })).toBeTruthy();
    clickButton('Change password');
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        path: 'reset',
        body: { email: 'clientopsadmin@arihant.demo', web_url: `${window.location.origin}/auth/reset-password` },
      }),
    );
  });
});

describe('exchange credentials', () => {
  it('shows what is stored, checks the form, stores credentials and refreshes the session', async () => {
    renderPage(<ExchangeCredentialsPage />, '/exchange-credentials');
    const nsccl = await screen.findByTestId('credentials-NSCCL');
    expect(screen.getAllByText('Not set up').length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save NSCCL credentials' }));
    expect(await screen.findByText('Participant code is required')).toBeTruthy();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    typeInto(nsccl.querySelector<HTMLInputElement>('#nsccl-participant-code')!, 'NCL1234');
    typeInto(nsccl.querySelector<HTMLInputElement>('#nsccl-username')!, 'ops');
    typeInto(nsccl.querySelector<HTMLInputElement>('#nsccl-password')!, 's3cret');
    fireEvent.click(screen.getByRole('button', { name: 'Save NSCCL credentials' }));
    expect(await screen.findByText('Credentials stored')).toBeTruthy();
    expect(screen.getByText(/Stored as ARIHANT CAPITAL/)).toBeTruthy();
    expect(calls).toEqual([
      { path: 'credentials', body: { corp: 'NSCCL', participant_code: 'NCL1234', username: 'ops', password: 's3cret' } },
    ]);
    expect(nsccl.querySelector<HTMLInputElement>('#nsccl-password')!.value).toBe('');
  });
});
