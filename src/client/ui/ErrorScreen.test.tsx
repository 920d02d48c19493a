import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ErrorScreen } from './ErrorScreen';

const renderScreen = (props: Parameters<typeof ErrorScreen>[0]) =>
  render(
    <MemoryRouter>
      <ErrorScreen {...props} />
    </MemoryRouter>,
  );

describe('full-page error screen (spec 02 §8)', () => {
  it.each([
    [410, 'Invitation URL invalid', 'Ask the account administrator to invite again, and contact us if it persists.'],
    [404, 'Not Found', "It looks like the page doesn't exist - please check the URL and try again"],
    [401, 'Access Denied', 'You do not have permissions to access this page. Please contact your administrator'],
    [402, 'Premium', 'Upgrade to premium plan to start'],
  ])('shows the %i title and text', (status, title, text) => {
    renderScreen({ status });
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('titles 500 and other statuses', () => {
    renderScreen({ status: 500 });
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeTruthy();
  });

  it('titles any other status Something went wrong...', () => {
    renderScreen({ status: 418 });
    expect(screen.getByRole('heading', { name: 'Something went wrong...' })).toBeTruthy();
  });

  it('lists the three premium bullets and offers Request Upgrade on 402', () => {
    const onRequestUpgrade = vi.fn();
    renderScreen({ status: 402, onRequestUpgrade });
    for (const bullet of ['Managing your portfolio efficiently', 'Execute trades from a single screen', 'Record external trades']) {
      expect(screen.getByText(bullet)).toBeTruthy();
    }
    screen.getByRole('button', { name: 'Request Upgrade' }).click();
    expect(onRequestUpgrade).toHaveBeenCalledOnce();
  });

  it('links Our Website, Read our blog and Learn more on 410', () => {
    renderScreen({ status: 410 });
    for (const label of ['Our Website', 'Read our blog', 'Learn more']) expect(screen.getByRole('link', { name: label })).toBeTruthy();
  });

  it('shows Back to Home only for codes above 200', () => {
    renderScreen({ status: 404 });
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeTruthy();
    renderScreen({ status: 200 });
    expect(screen.getAllByRole('button', { name: 'Back to Home' })).toHaveLength(1);
  });

  it('shows a given message in place of the standard text', () => {
    renderScreen({ status: 404, message: 'Page not found: /nope' });
    expect(screen.getByText('Page not found: /nope')).toBeTruthy();
  });
});
