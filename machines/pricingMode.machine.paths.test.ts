import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { pricingModeMachine, type PriceInfo, type PriceLookup, type PricingModeEvent } from './pricingMode.machine';
import { pathCases, replay } from './testing/replayPaths';

// The lookup never settles on its own: the path drives every outcome through explicit events.
const pending = fromPromise<PriceInfo, PriceLookup>(() => new Promise<never>(() => undefined));
const machine = pricingModeMachine.provide({ actors: { fetchPriceInfo: pending } });
const priced: PriceInfo = { cleanPrice: 101.25, bondYield: 0.0742, settlementDate: '2026-03-03', canBePriced: true, allowPriceModification: true };
const events = [
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
] as unknown as PricingModeEvent[];
const input = { finstrumentId: 42 };

describe('pricing mode machine paths (generated from the graph)', () => {
  const cases = pathCases(machine, { events, input });
  it('reaches every state of both regions', () => {
    const values = cases.map((c) => JSON.stringify(c.expected.value));
    for (const fragment of [
      '"mode":"yield"', '"mode":"price"', '"lookup":"idle"', '"lookup":"debouncing"', '"lookup":"fetching"',
    ]) {
      expect(values.some((v) => v.includes(fragment)), fragment).toBe(true);
    }
  });
  it('takes every transition the events can fire', () => {
    const types = new Set(cases.flatMap((c) => c.events.map((e) => e.type)));
    for (const event of events) expect(types, event.type).toContain(event.type);
  });
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const reached = replay(machine, input, c.events);
    expect(reached.value).toEqual(c.expected.value);
    expect(reached.context.fixedField).toBe(c.expected.context.fixedField);
  });
});
