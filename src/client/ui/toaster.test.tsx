import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissToast, showToast } from './toaster';

const containerOf = (text: string) => screen.getByText(text).closest('.bp6-toast-container');

describe('toasts (spec 02 §2)', () => {
  it('shows the plain, loader and connectivity groups at the top centre', async () => {
    await showToast({ summary: 'Loading market', severity: 'info', group: 'loader' });
    await waitFor(() => expect(containerOf('Loading market')?.className).toContain('kosh-toasts-top'));
    expect(containerOf('Loading market')?.className).not.toContain('kosh-toasts-top-right');
  });

  it('shows notifications, and toasts without a group, at the top right', async () => {
    await showToast({
      summary: 'New RFQ',
      detail: 'NTPC 7.35% 2030',
      severity: 'info',
      group: 'notification',
      actionUrl: '/dart',
      actionText: 'Open',
    });
    await showToast({ summary: 'Saved', severity: 'success' });
    await waitFor(() => expect(containerOf('New RFQ')?.className).toContain('kosh-toasts-top-right'));
    await waitFor(() => expect(containerOf('Saved')?.className).toContain('kosh-toasts-top-right'));
    expect(screen.getByText('NTPC 7.35% 2030')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('href')).toBe('/dart');
  });

  it('keeps a toast with life 0 until it is dismissed by its key', async () => {
    await showToast({ key: 'offline', summary: 'Stays put', severity: 'warn', group: 'connectivity', life: 0 });
    expect(await screen.findByText('Stays put')).toBeTruthy();
    await dismissToast('offline', 'connectivity');
    await waitFor(() => expect(screen.queryByText('Stays put')).toBeNull());
  });
});
