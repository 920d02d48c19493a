/**
 * The test model of every machine: the machine with effects that never settle on their own
 * (paths drive every outcome by explicit done/error/after events), the events to explore, and
 * the inputs to start from. Path tests and `npm run machines:coverage` both read this list.
 */
import { fromPromise, type AnyEventObject, type AnyStateMachine } from 'xstate';
import { appVersionMachine } from '../appVersion.machine';
import { buzzMachine } from '../buzz.machine';
import { connectivityMachine } from '../connectivity.machine';
import { pricingModeMachine } from '../pricingMode.machine';
import { sessionMachine } from '../session.machine';

export interface MachineModel {
  machine: AnyStateMachine;
  events: AnyEventObject[];
  inputs: unknown[];
}

// An effect that never resolves: the model decides its outcome with xstate.done/error events.
const pending = () => fromPromise<never, never>(() => new Promise<never>(() => undefined)) as never;
const signedIn = { access: 'token', session: {}, refreshTokenMaxAgeMs: 60_000 };
const priced = { cleanPrice: 101.25, bondYield: 0.0742, settlementDate: '2026-03-03', canBePriced: true, allowPriceModification: true };

export const MACHINE_MODELS: Record<string, MachineModel> = {
  connectivity: {
    machine: connectivityMachine,
    events: [{ type: 'browser.online' }, { type: 'browser.offline' }],
    inputs: [{ online: true }, { online: false }],
  },
  session: {
    machine: sessionMachine.provide({ actors: { restoreSession: pending(), signIn: pending(), refreshSession: pending(), signOut: pending() } }),
    events: [
      { type: 'xstate.done.actor.restoreSession', output: signedIn },
      { type: 'xstate.error.actor.restoreSession', error: new Error('no cookie') },
      { type: 'session.signIn', credentials: { kind: 'password', email: 'a@b.demo', password: 'pw' } },
      { type: 'xstate.done.actor.signIn', output: signedIn },
      { type: 'xstate.error.actor.signIn', error: new Error('refused') },
      { type: 'xstate.after.nextRefresh.session.authenticated' },
      { type: 'window.visible' },
      { type: 'request.unauthorized', url: '/api/x/' },
      { type: 'xstate.done.actor.refreshSession', output: signedIn },
      { type: 'xstate.error.actor.refreshSession', error: new Error('401') },
      { type: 'session.signOut' },
      { type: 'xstate.done.actor.signOut' },
      { type: 'xstate.error.actor.signOut', error: new Error('offline') },
    ],
    inputs: [undefined],
  },
  appVersion: {
    machine: appVersionMachine.provide({ actors: { fetchVersion: pending(), fetchBuildId: pending() } }),
    events: [
      { type: 'route.changed' },
      { type: 'xstate.done.actor.fetchVersion', output: '2.0.0' },
      { type: 'xstate.done.actor.fetchVersion', output: '1.0.0' },
      { type: 'xstate.error.actor.fetchVersion', error: new Error('offline') },
      { type: 'xstate.done.actor.fetchBuildId', output: 'b1' },
      { type: 'xstate.done.actor.fetchBuildId', output: 'b2' },
      { type: 'xstate.error.actor.fetchBuildId', error: new Error('offline') },
      { type: 'xstate.after.buildPollInterval.appVersion.build.waiting' },
    ],
    inputs: [{ storedVersion: '1.0.0' }],
  },
  buzz: {
    machine: buzzMachine,
    events: [{ type: 'buzz.received' }, { type: 'xstate.after.buzzDuration.buzz.started' }],
    inputs: [undefined],
  },
  pricingMode: {
    machine: pricingModeMachine.provide({ actors: { fetchPriceInfo: pending() } }),
    events: [
      { type: 'input.typed', text: '7.42' },
      { type: 'input.typed', text: '101' },
      { type: 'input.typed', text: '' },
      { type: 'mode.fixPrice' },
      { type: 'mode.fixYield' },
      { type: 'settlement.changed', settlement: { delta: 0 } },
      { type: 'xstate.after.typingDebounce.pricingMode.lookup.debouncing' },
      { type: 'xstate.done.actor.fetchPriceInfo', output: priced },
      { type: 'xstate.done.actor.fetchPriceInfo', output: { ...priced, cleanPrice: null, canBePriced: false } },
      { type: 'xstate.error.actor.fetchPriceInfo', error: new Error('offline') },
    ],
    inputs: [{ finstrumentId: 42 }],
  },
};
