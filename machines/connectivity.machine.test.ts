import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectivityMachine } from './connectivity.machine';
import { pathCases, replay } from './testing/replayPaths';

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

describe('connectivity machine paths (generated from the graph)', () => {
  const events = [{ type: 'browser.online' }, { type: 'browser.offline' }] as const;
  for (const online of [true, false]) {
    const cases = pathCases(connectivityMachine, { events: [...events], input: { online }, simple: true });
    it.each(cases.map((c) => [c.name, c] as const))(`from ${online ? 'online' : 'offline'}: %s`, (_name, c) => {
      expect(replay(connectivityMachine, { online }, c.events).value).toEqual(c.expected.value);
    });
  }
});
