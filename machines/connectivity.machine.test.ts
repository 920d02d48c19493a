import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectivityMachine } from './connectivity.machine';

function startWithSpies(online: boolean) {
  const spies = { showOfflineNotice: vi.fn(), clearOfflineNotice: vi.fn(), announceConnected: vi.fn() };
  const actor = createActor(connectivityMachine.provide({ actions: spies }), { input: { online } }).start();
  return { actor, spies };
}

describe('connectivity machine', () => {
  it('starts online without any notice when the browser is online', () => {
    const { actor, spies } = startWithSpies(true);
    expect(actor.getSnapshot().hasTag('online')).toBe(true);
    expect(spies.showOfflineNotice).not.toHaveBeenCalled();
  });

  it('shows the offline notice at once when the browser starts offline', () => {
    const { actor, spies } = startWithSpies(false);
    expect(actor.getSnapshot().value).toBe('offline');
    expect(spies.showOfflineNotice).toHaveBeenCalledTimes(1);
  });

  it('clears the notice and announces Connected when the browser comes back', () => {
    const { actor, spies } = startWithSpies(true);
    actor.send({ type: 'browser.offline' });
    actor.send({ type: 'browser.online' });
    expect(actor.getSnapshot().value).toBe('online');
    expect(spies.clearOfflineNotice).toHaveBeenCalledTimes(1);
    expect(spies.announceConnected).toHaveBeenCalledTimes(1);
  });

  it('ignores a repeated offline event (one notice, not two)', () => {
    const { actor, spies } = startWithSpies(true);
    actor.send({ type: 'browser.offline' });
    actor.send({ type: 'browser.offline' });
    expect(spies.showOfflineNotice).toHaveBeenCalledTimes(1);
  });
});
