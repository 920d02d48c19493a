import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSystem, SystemProvider } from './system';

describe('browser connectivity toasts (spec 02 §4)', () => {
  it('shows a persistent You are offline, then clears it and toasts Connected', async () => {
    const system = createSystem(() => undefined);
    render(<SystemProvider system={system}><div /></SystemProvider>);

    act(() => { window.dispatchEvent(new Event('offline')); });
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(system.connectivity.getSnapshot().hasTag('offline')).toBe(true);

    act(() => { window.dispatchEvent(new Event('online')); });
    expect(await screen.findByText('Connected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('You are offline')).toBeNull());
  });
});
