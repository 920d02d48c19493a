import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clickButton, renderPage, typeInto } from '../account/testing';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const requests: unknown[] = [];
const server = setupServer(
  http.post('*/api/reset-password/', async ({ request }) => {
    requests.push(await request.json());
    return HttpResponse.json({ detail: 'If this email belongs to an account, a password reset link has been sent to it.' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const CONFIRMATION = 'If this email belongs to an account, a password reset link has been sent to it. The link works for 1 hour.';

describe('forgot password', () => {
  it.each(['user@vasuki.demo', 'nobody@nowhere.example'])('shows the same confirmation for %s', async (email) => {
    renderPage(<ForgotPasswordPage />, '/auth/forgot-password');
    typeInto('Email', email);
    clickButton('Send reset link');
    expect((await screen.findByRole('status')).textContent).toContain(CONFIRMATION);
    expect(requests).toEqual([{ email, web_url: `${window.location.origin}/auth/reset-password` }]);
  });

  it('checks the e-mail before sending', async () => {
    renderPage(<ForgotPasswordPage />, '/auth/forgot-password');
    typeInto('Email', 'not-an-email');
    clickButton('Send reset link');
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(requests).toEqual([]);
  });
});

describe('reset password', () => {
  const open = () => renderPage(<ResetPasswordPage />, '/auth/reset-password?uid=12&token=abc');

  it('says a link without uid or token is invalid', async () => {
    renderPage(<ResetPasswordPage />, '/auth/reset-password?uid=12');
    expect(await screen.findByText('Invalid reset link')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks the new password on the page', async () => {
    open();
    typeInto('New password', 'short');
    clickButton('Set new password');
    expect(await screen.findByText('This password is too short. It must contain at least 8 characters.')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    typeInto('New password', '12345678');
    typeInto('Confirm new password', 'x');
    clickButton('Set new password');
    expect(await screen.findByText('This password is entirely numeric.')).toBeTruthy();
    expect(await screen.findByText('The two password fields didn’t match.')).toBeTruthy();
  });

  it('shows the server field errors under the fields, and an expired link above them', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/change-password/12/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            code: 'VALIDATION_FAILED',
            message: 'The password is too similar to the email address.',
            fields: { new_password1: 'The password is too similar to the email address.' },
          },
          { status: 400 },
        );
      }),
    );
    open();
    typeInto('New password', 'ananya.rao');
    typeInto('Confirm new password', 'ananya.rao');
    clickButton('Set new password');
    expect(await screen.findByText('The password is too similar to the email address.')).toBeTruthy();
    expect(body).toEqual({ new_password1: 'ananya.rao', new_password2: 'ananya.rao', token: 'abc' });

    server.use(
      http.post('*/api/change-password/12/', () =>
        HttpResponse.json(
          {
            code: 'RESET_LINK_INVALID',
            message: 'This password reset link is invalid or has expired.',
            fields: { token: 'This password reset link is invalid or has expired.' },
          },
          { status: 400 },
        ),
      ),
    );
    clickButton('Set new password');
    expect((await screen.findByRole('alert')).textContent).toContain('This password reset link is invalid or has expired.');
  });

  it('confirms the change and links to sign in', async () => {
    server.use(
      http.post('*/api/change-password/12/', () =>
        HttpResponse.json({ detail: 'Your password has been changed. Please sign in with the new password.' }),
      ),
    );
    open();
    typeInto('New password', 'a-good-pass-9');
    typeInto('Confirm new password', 'a-good-pass-9');
    clickButton('Set new password');
    await waitFor(() => expect(screen.getByRole('link', { name: /Sign in/ }).getAttribute('href')).toBe('/auth/login'));
  });
});
