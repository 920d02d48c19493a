import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../../shared/pageRoutes';
import { pageFor } from './pages';
import { buildRoutes } from './router';
import { renderApp } from './testing';

// The brand comes from the server; answer it like a configured installation would.
const server = setupServer(
  http.get('*/api/app-config/', () =>
    HttpResponse.json({ brand_name: 'Harbour Desk', demo: true, version: '1.0.0', support: { dev_mode: true, widget_app_id: null } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

const open = (path: string) => renderApp(createMemoryRouter(buildRoutes(), { initialEntries: [path] })).router;

const layoutShown = () => document.querySelector('[data-layout]')?.getAttribute('data-layout');

describe('the app shell', () => {
  it('shows the 404 screen with the path for an unknown route', async () => {
    open('/nope/deeper');
    expect(await screen.findByText('Page not found: /nope/deeper')).toBeTruthy();
    expect(layoutShown()).toBe('nofooter');
  });

  it('sends a logged-out visitor from a login page to the login page with the redirect', async () => {
    const router = open('/security/42?tab=cashflows');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/security/42?tab=cashflows');
  });

  it('redirects the redirect-only routes', async () => {
    const router = open('/market');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/market'));
  });

  it('frames pages in the layout the route names, else the signed-out default', async () => {
    open('/product/dart');
    await waitFor(() => expect(layoutShown()).toBe('productdart'));
  });

  it('uses the no-footer layout for a signed-out visitor on a route without its own', async () => {
    open('/privacy');
    await waitFor(() => expect(layoutShown()).toBe('nofooter'));
  });

  it('says honestly that a page whose feature is not built is not yet available', async () => {
    const surveillance = PAGE_ROUTES.find((r) => r.id === 'surveillance')!;
    const Page = pageFor(surveillance);
    render(<Page />);
    expect(await screen.findByText('Surveillance is not yet available')).toBeTruthy();
  });

  it('shows the configured brand and titles the page with it', async () => {
    open('/find');
    await waitFor(() => expect(document.title).toBe('Find bonds · Harbour Desk'));
    expect(screen.getAllByText('Harbour Desk').length).toBeGreaterThan(0);
  });

  it('shows the 410 screen for an invitation link without a code', async () => {
    open('/client/register');
    expect(await screen.findByRole('heading', { name: 'Invitation URL invalid' })).toBeTruthy();
    expect(layoutShown()).toBe('bare');
  });
});
