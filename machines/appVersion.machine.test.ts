import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { BUILD_POLL_INTERVAL_MS } from '../src/shared/constants';
import { appVersionMachine } from './appVersion.machine';

function start(options: { stored: string | null; versions: string[]; builds: string[] }) {
  const clock = new SimulatedClock();
  const versions = [...options.versions];
  const builds = [...options.builds];
  const spies = { reloadPage: vi.fn(), storeVersion: vi.fn() };
  const actor = createActor(
    appVersionMachine.provide({
      actors: {
        fetchVersion: fromPromise<string, void>(async () => versions.shift() ?? 'unchanged'),
        fetchBuildId: fromPromise<string, void>(async () => builds.shift() ?? builds.at(-1) ?? 'b1'),
      },
      actions: { reloadPage: spies.reloadPage, storeVersion: (_, version) => spies.storeVersion(version) },
    }),
    { input: { storedVersion: options.stored }, clock },
  ).start();
  const idle = () => waitFor(actor, (s) => s.matches({ version: 'idle', build: 'waiting' }));
  return { actor, clock, spies, idle };
}

describe('app version machine', () => {
  it('stores the version on a first visit without reloading', async () => {
    const { actor, spies, idle } = start({ stored: null, versions: ['1.0.0'], builds: ['b1'] });
    await idle();
    actor.send({ type: 'route.changed' });
    await idle();
    expect(spies.storeVersion).toHaveBeenCalledWith('1.0.0');
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('reloads on navigation when /version.json differs from the stored version', async () => {
    const { actor, spies, idle } = start({ stored: '1.0.0', versions: ['1.1.0'], builds: ['b1'] });
    await idle();
    actor.send({ type: 'route.changed' });
    await idle();
    expect(spies.storeVersion).toHaveBeenCalledWith('1.1.0');
    expect(spies.reloadPage).toHaveBeenCalledOnce();
  });

  it('does not reload when the version is the same', async () => {
    const { actor, spies, idle } = start({ stored: '1.0.0', versions: ['1.0.0', '1.0.0'], builds: ['b1'] });
    await idle();
    actor.send({ type: 'route.changed' });
    await idle();
    actor.send({ type: 'route.changed' });
    await idle();
    expect(spies.reloadPage).not.toHaveBeenCalled();
  });

  it('polls the build id and reloads on the next navigation after it changes', async () => {
    const { actor, clock, spies, idle } = start({ stored: '1.0.0', versions: ['1.0.0'], builds: ['b1', 'b2'] });
    await idle();
    clock.increment(BUILD_POLL_INTERVAL_MS);
    await idle();
    expect(spies.reloadPage).not.toHaveBeenCalled();
    actor.send({ type: 'route.changed' });
    expect(spies.reloadPage).toHaveBeenCalledOnce();
  });
});
