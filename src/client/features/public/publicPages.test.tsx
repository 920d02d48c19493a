import type { ComponentType } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './AboutPage';
import { BestPracticesPage } from './BestPracticesPage';
import { ChatPolicyPage } from './ChatPolicyPage';
import { ContactPage } from './ContactPage';
import { DataSecurityPage } from './DataSecurityPage';
import { LandingPage } from './LandingPage';
import { PrivacyPage } from './PrivacyPage';
import { ProductDartPage } from './ProductDartPage';
import { ProductFindPage } from './ProductFindPage';
import { TermsPage } from './TermsPage';

// The app-config query fails without a server, so useBrand() keeps its default brand.
function renderPage(Page: ComponentType, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const PAGES: readonly [string, ComponentType, string, RegExp][] = [
  ['landing', LandingPage, '/', /Indian bonds/],
  ['about', AboutPage, '/about', /^About Kosh$/],
  ['best practices', BestPracticesPage, '/best-practices', /^Desk best practices$/],
  ['chat policy', ChatPolicyPage, '/chat-policy', /^Chat policy$/],
  ['contact', ContactPage, '/contact', /^Contact and support$/],
  ['data security', DataSecurityPage, '/data-security', /^Data security$/],
  ['privacy', PrivacyPage, '/privacy', /^Privacy$/],
  ['terms', TermsPage, '/terms', /^Terms of use$/],
  ['Dart product', ProductDartPage, '/product/dart', /live screen/],
  ['Find product', ProductFindPage, '/product/find', /ISIN/],
];

describe('public pages', () => {
  it.each(PAGES)('the %s page renders one h1 inside a public main', (_name, Page, path, heading) => {
    const { container } = renderPage(Page, path);
    const main = container.querySelector('main.kosh-public');
    expect(main).not.toBeNull();
    const headings = within(main as HTMLElement).getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toMatch(heading);
  });

  it('the landing page links to sign-in and to the bond finder', () => {
    renderPage(LandingPage);
    const signIn = screen.getAllByRole('link', { name: /sign in/i });
    expect(signIn.some((link) => link.getAttribute('href') === '/auth/login')).toBe(true);
    const explore = screen.getAllByRole('link', { name: /explore bonds/i });
    expect(explore.some((link) => link.getAttribute('href') === '/find')).toBe(true);
  });

  it('the landing page links to both product pages', () => {
    renderPage(LandingPage);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/product/dart', '/product/find']));
  });

  it('the about page links back home', () => {
    renderPage(AboutPage, '/about');
    expect(screen.getByRole('link', { name: /^home$/i }).getAttribute('href')).toBe('/');
  });

  it('the info pages list their sections and link home', () => {
    renderPage(ChatPolicyPage, '/chat-policy');
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'WhatsApp-linked channels' }).getAttribute('href')).toBe('#whatsapp');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });

  it('the contact page holds the contact form', () => {
    renderPage(ContactPage, '/contact');
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeTruthy();
  });
});
