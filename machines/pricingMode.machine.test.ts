import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { PRICING_MODE_THRESHOLD, PRICING_TYPING_DEBOUNCE_MS, pricingModeMachine } from './pricingMode.machine';
import { pricingValue, type PriceInfo, type PriceLookup } from './pricingValues';

const info = (over: Partial<PriceInfo> = {}): PriceInfo => ({
  cleanPrice: 101.25,
  bondYield: 0.0742,
  settlementDate: '2026-03-03',
  canBePriced: true,
  allowPriceModification: true,
  ...over,
});

function start(lookup: (input: PriceLookup) => Promise<PriceInfo> = async () => info(), input: { yieldText?: string } = {}) {
  const clock = new SimulatedClock();
  const spies = { lookup: vi.fn(lookup) };
  const machine = pricingModeMachine.provide({
    actors: { fetchPriceInfo: fromPromise<PriceInfo, PriceLookup>(({ input: request }) => spies.lookup(request)) },
  });
  const actor = createActor(machine, { clock, input: { finstrumentId: 42, ...input } }).start();
  const idle = () => waitFor(actor, (s) => s.matches({ lookup: 'idle' }));
  const type = (text: string) => actor.send({ type: 'input.typed', text });
  return { actor, clock, spies, idle, type };
}

describe('pricing mode machine', () => {
  it('starts in yield mode and does not look anything up without a value', () => {
    const { actor, spies } = start();
    expect(actor.getSnapshot().value).toEqual({ mode: 'yield', lookup: 'idle' });
    expect(spies.lookup).not.toHaveBeenCalled();
  });

  it('debounces typing and looks the price up with the yield as a 6-decimal fraction', async () => {
    const { actor, clock, spies, idle, type } = start();
    type('7');
    type('7.4');
    type('7.42');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS - 1);
    expect(spies.lookup).not.toHaveBeenCalled();
    clock.increment(1);
    await idle();
    expect(spies.lookup).toHaveBeenCalledOnce();
    expect(spies.lookup).toHaveBeenCalledWith({ finstrumentId: 42, fixedField: 'yield', bondYield: 0.0742, settlementDelta: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ yieldText: '7.42', priceText: '101.2500' });
    expect(pricingValue(actor.getSnapshot().context)).toEqual({
      cleanPrice: 101.25,
      bondYield: 0.0742,
      fixedField: 'yield',
      settlementDate: '2026-03-03',
      canBePriced: true,
      allowPriceModification: true,
    });
  });

  it(`switches to price mode when a number ≥ ${PRICING_MODE_THRESHOLD} is typed in yield mode`, async () => {
    const { actor, clock, spies, idle, type } = start(async () => info({ cleanPrice: 98.5, bondYield: 0.081234 }));
    type('98.5');
    expect(actor.getSnapshot().matches({ mode: 'price' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ fixedField: 'price', priceText: '98.5' });
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    expect(spies.lookup).toHaveBeenCalledWith({ finstrumentId: 42, fixedField: 'price', cleanPrice: 98.5, settlementDelta: 1 });
    expect(actor.getSnapshot().context.yieldText).toBe('8.1234');
  });

  it('switches back to yield mode for a small number only when it passes the yield check', () => {
    const { actor, type } = start();
    type('99');
    expect(actor.getSnapshot().context.fixedField).toBe('price');
    type('-5');
    expect(actor.getSnapshot().context.fixedField).toBe('price');
    type('7.12345678');
    expect(actor.getSnapshot().context.fixedField).toBe('price');
    type('7.25');
    expect(actor.getSnapshot().context).toMatchObject({ fixedField: 'yield', yieldText: '7.25' });
  });

  it('keeps small numbers as prices for a deep-discount bond', async () => {
    const { actor, clock, idle, type } = start(async () => info({ cleanPrice: 22.5 }));
    type('8');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    actor.send({ type: 'mode.fixPrice' });
    type('21');
    expect(actor.getSnapshot().context).toMatchObject({ fixedField: 'price', priceText: '21' });
  });

  it('keeps yield mode, and refuses the Price option, when the bond cannot be priced', async () => {
    const { actor, clock, idle, type } = start(async () => info({ cleanPrice: null, canBePriced: false }));
    type('7.5');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    actor.send({ type: 'mode.fixPrice' });
    expect(actor.getSnapshot().matches({ mode: 'yield' })).toBe(true);
    type('95');
    expect(actor.getSnapshot().context).toMatchObject({ fixedField: 'yield', yieldText: '95', priceText: '' });
  });

  it('leaves price mode when a lookup says the bond cannot be priced', async () => {
    const { actor, clock, idle, type } = start(async () => info({ canBePriced: false }));
    type('101');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    expect(actor.getSnapshot().matches({ mode: 'yield' })).toBe(true);
  });

  it('re-fetches at once when the settlement changes', async () => {
    const { actor, clock, spies, idle, type } = start();
    type('7.42');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    actor.send({ type: 'settlement.changed', settlement: { delta: 0 } });
    await idle();
    expect(spies.lookup).toHaveBeenLastCalledWith({ finstrumentId: 42, fixedField: 'yield', bondYield: 0.0742, settlementDelta: 0 });
    actor.send({ type: 'settlement.changed', settlement: { date: '2026-03-10' } });
    await idle();
    expect(spies.lookup).toHaveBeenLastCalledWith({
      finstrumentId: 42,
      fixedField: 'yield',
      bondYield: 0.0742,
      settlementDate: '2026-03-10',
    });
  });

  it('stores the settlement without a lookup while the value is not valid', () => {
    const { actor, spies } = start();
    actor.send({ type: 'settlement.changed', settlement: { delta: 2 } });
    expect(actor.getSnapshot().context.settlement).toEqual({ delta: 2 });
    expect(actor.getSnapshot().matches({ lookup: 'idle' })).toBe(true);
    expect(spies.lookup).not.toHaveBeenCalled();
  });

  it('ignores a failed lookup and keeps the last values', async () => {
    let fail = false;
    const { actor, clock, idle, type } = start(async () => {
      if (fail) throw new Error('offline');
      return info();
    });
    type('7.42');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    fail = true;
    type('7.5');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    expect(actor.getSnapshot().context).toMatchObject({ yieldText: '7.5', priceText: '101.2500', priceInfo: info() });
  });

  it('looks up an initial value at once', async () => {
    const { spies, idle } = start(undefined, { yieldText: '6.9' });
    await idle();
    expect(spies.lookup).toHaveBeenCalledWith({ finstrumentId: 42, fixedField: 'yield', bondYield: 0.069, settlementDelta: 1 });
  });

  it('does not look up an empty value after the debounce', () => {
    const { actor, clock, spies, type } = start();
    type('');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    expect(actor.getSnapshot().matches({ lookup: 'idle' })).toBe(true);
    expect(spies.lookup).not.toHaveBeenCalled();
  });

  it('re-prices the consideration for a new quantity once the user stops typing it', async () => {
    const { actor, clock, spies, idle, type } = start();
    type('7.42');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    actor.send({ type: 'quantity.changed', quantity: 500_000 });
    actor.send({ type: 'quantity.changed', quantity: 5_000_000 });
    clock.increment(PRICING_TYPING_DEBOUNCE_MS - 1);
    expect(spies.lookup).toHaveBeenCalledOnce();
    clock.increment(1);
    await idle();
    expect(spies.lookup).toHaveBeenCalledTimes(2);
    expect(spies.lookup).toHaveBeenLastCalledWith({
      finstrumentId: 42,
      fixedField: 'yield',
      bondYield: 0.0742,
      settlementDelta: 1,
      quantity: 5_000_000,
    });
  });

  it('drops a pending lookup when the user fixes the other field, and looks that one up when it is valid', async () => {
    const { actor, clock, spies, idle, type } = start();
    type('7.42');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    await idle();
    type('7.5');
    clock.increment(PRICING_TYPING_DEBOUNCE_MS);
    // The yield 7.5 is being priced when the user fixes the price (101.2500 from the last answer).
    actor.send({ type: 'mode.fixPrice' });
    await idle();
    expect(spies.lookup).toHaveBeenLastCalledWith({ finstrumentId: 42, fixedField: 'price', cleanPrice: 101.25, settlementDelta: 1 });
    expect(actor.getSnapshot().context).toMatchObject({ fixedField: 'price', priceText: '101.2500', yieldText: '7.4200' });
  });
});
