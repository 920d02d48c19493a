import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionFixture } from '../features/account/testing';
import { createSystem, SystemProvider } from './system';
import { renderApp } from './testing';

const calls: string[] = [];
const server = setupServer(
  http.post('*/api/token/refresh/', () => {
    calls.push('refresh');
    return HttpResponse.json({ detail: 'No refresh token.' }, { status: 401 });
  }),
  http.post('*/api/token/', () => {
    calls.push('token');
    return HttpResponse.json({ access: 'access-1', refresh: 'refresh-1', refresh_expires_in: 86_400 });
  }),
  http.get('*/api/session/', () =>
    HttpResponse.json(sessionFixture({}, { first_name: 'Meera', last_name: 'Iyer', roles: ['clientdealer', 'user'] })),
  ),
  http.get('*/api/app-config/', () =>
    HttpResponse.json({ brand_name: 'Kosh', demo: false, version: '1.0.0', support: { dev_mode: false, widget_app_id: null } }),
  ),
  http.get('*/version.json', () => HttpResponse.json({ version: '1.0.0' })),
  http.get('*/builds/latest.json', () => HttpResponse.json({ id: 'build-1' })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('the app under StrictMode, rendered as main.tsx renders it', () => {
  it('restores once, signs in through the form, lands on /dart, and its actors keep following the browser', async () => {
    window.history.replaceState(null, '', '/auth/login');
    const { system } = renderApp();
    const email = await screen.findByLabelText('Email');
    fireEvent.change(email, { target: { value: 'clientdealer@arihant.demo' } });
    fireEvent.change(document.querySelector('#signin-password')!, { target: { value: 'kosh-demo-2026' } });
    fireEvent.submit(email.closest('form')!);

    await waitFor(() => expect(window.location.pathname).toBe('/dart'));
    expect((await screen.findByTestId('user-menu')).textContent).toBe('Meera Iyer');
    // StrictMode runs effects twice: one restore, or a second refresh would spend a rotated token.
    expect(calls).toEqual(['refresh', 'token']);
    expect(system.session.getSnapshot().status).toBe('active');

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(system.connectivity.getSnapshot().hasTag('offline')).toBe(true);
  });
});

describe('browser connectivity toasts (spec 02 §4)', () => {
  it('shows a persistent You are offline, then clears it and toasts Connected', async () => {
    const system = createSystem(() => undefined);
    render(
      <SystemProvider system={system}>
        <div />
      </SystemProvider>,
    );
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(await screen.findByText('You are offline')).toBeTruthy();
      expect(system.connectivity.getSnapshot().hasTag('offline')).toBe(true);

      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText('Connected')).toBeTruthy();
      await waitFor(() => expect(screen.queryByText('You are offline')).toBeNull());
    } finally {
      system.dispose();
    }
  });
});
