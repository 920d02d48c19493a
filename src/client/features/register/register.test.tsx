import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clickButton, renderPage, typeInto } from '../account/testing';
import { RegisterPage } from './RegisterPage';

const INVITE = {
  email: 'newdealer@arihant.demo',
  client_name: 'Arihant Capital Markets Ltd',
  first_name: 'Neha',
  last_name: 'Varma',
  has_account: false,
};
let registered: unknown[] = [];
let accepted: unknown[] = [];
const server = setupServer(
  http.post('*/api/client/user/invite/validate/', async ({ request }) => {
    const { invite_code: code } = (await request.json()) as { invite_code: string };
    if (code === 'member-code') return HttpResponse.json({ ...INVITE, has_account: true });
    return code === 'good-code'
      ? HttpResponse.json(INVITE)
      : HttpResponse.json({ code: 'INVITE_INVALID', message: 'Invitation URL invalid' }, { status: 410 });
  }),
  http.post('*/api/client/user/invite/accept/', async ({ request }) => {
    accepted.push(await request.json());
    return HttpResponse.json({ detail: 'Invitation accepted', client_name: INVITE.client_name });
  }),
  http.post('*/api/client/register/', async ({ request }) => {
    registered.push(await request.json());
    return HttpResponse.json({ detail: 'Registration complete', client_id: 1, user_id: 9, email: INVITE.email });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  registered = [];
  accepted = [];
});
afterAll(() => server.close());

const open = (code: string) => renderPage(<RegisterPage />, `/client/register?invite_code=${code}`, { '/auth/login': <p>Sign-in page</p> });

describe('registration from an invitation', () => {
  it('shows the 410 screen for an invalid invitation', async () => {
    open('used-code');
    expect(await screen.findByRole('heading', { name: 'Invitation URL invalid' })).toBeTruthy();
    expect(screen.getByText('Ask the account administrator to invite again, and contact us if it persists.')).toBeTruthy();
  });

  it('prefills the invitation and checks every field with the spec messages', async () => {
    open('good-code');
    expect(await screen.findByText('Arihant Capital Markets Ltd')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(INVITE.email);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Neha');
    typeInto('First name', 'Neha!');
    typeInto('Last name', '');
    typeInto('PAN', 'ABCD1234');
    typeInto('Mobile', '12345');
    clickButton('Register');
    expect(await screen.findByText('Should not contain special characters.')).toBeTruthy();
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid PAN (10 Digits)')).toBeTruthy();
    expect(screen.getByText('Please enter a valid Phone number.')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(registered).toEqual([]);
  });

  it('submits a valid form and goes to sign in', async () => {
    open('good-code');
    await screen.findByText('Arihant Capital Markets Ltd');
    typeInto('PAN', 'abcde1234f');
    typeInto('Mobile', '+919876501234');
    typeInto('Password', 'new-dealer-pass-42');
    clickButton('Register');
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(registered).toEqual([
      {
        auth_mode: 'password',
        invite_code: 'good-code',
        pan: 'ABCDE1234F',
        password: 'new-dealer-pass-42',
        identity: { first_name: 'Neha', last_name: 'Varma' },
        contact: { email: INVITE.email, mobile: '+919876501234', whatsapp_consent: false },
      },
    ]);
  });

  it('shows the server field errors under the fields', async () => {
    server.use(
      http.post('*/api/client/register/', () =>
        HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Use the email address the invitation was sent to.',
            fields: { 'contact.email': 'Use the email address the invitation was sent to.' },
          },
          { status: 400 },
        ),
      ),
    );
    open('good-code');
    await screen.findByText('Arihant Capital Markets Ltd');
    typeInto('PAN', 'ABCDE1234F');
    typeInto('Mobile', '9876501234');
    typeInto('Password', 'new-dealer-pass-42');
    clickButton('Register');
    await waitFor(() => expect(screen.getByText('Use the email address the invitation was sent to.')).toBeTruthy());
  });

  it('lets a person who already has an account join with their password, registering nothing', async () => {
    open('member-code');
    expect(await screen.findByRole('heading', { name: 'Join Arihant Capital Markets Ltd' })).toBeTruthy();
    expect(screen.queryByLabelText('PAN')).toBeNull();
    clickButton('Join Arihant Capital Markets Ltd');
    expect(await screen.findByText('Password is required')).toBeTruthy();
    typeInto('Your password', 'my-own-password');
    clickButton('Join Arihant Capital Markets Ltd');
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(accepted).toEqual([{ invite_code: 'member-code', password: 'my-own-password' }]);
    expect(registered).toEqual([]);
  });
});
