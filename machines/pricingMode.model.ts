/**
 * The pricingMode machine's test model and its oracle, written from spec 02 §4-5 and ADR 0004: a
 * typed number ≥ 30 in yield mode fixes the price (when the bond can be priced); one < 30 in price
 * mode fixes the yield when it passes the yield rules, unless the bond is a deep discount; typing
 * and quantity changes are debounced before a lookup; a settlement change looks up at once; only a
 * valid fixed value is ever looked up; a failed lookup changes nothing.
 */
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { pricingInputSchema, readNumber, yieldPercentSchema } from '../src/shared/validation';
import { pricingModeMachine } from './pricingMode.machine';
import { defineModel, statePaths, type Step } from './testing/machineModel';
import { expectStates, expectUnchanged, isIn } from './testing/oracle';
import { pending } from './testing/pending';

const THRESHOLD = 30;
const priced = { cleanPrice: 101.25, bondYield: 0.0742, settlementDate: '2026-03-03', canBePriced: true, allowPriceModification: true };

const lookupState = (s: AnyMachineSnapshot) => statePaths(s).find((p) => p.startsWith('lookup.'))!;
const textOf = (s: AnyMachineSnapshot, field: 'yield' | 'price') => (field === 'yield' ? s.context.yieldText : s.context.priceText);
const modeState = (s: AnyMachineSnapshot) => statePaths(s).find((p) => p.startsWith('mode.'))!;
const priceable = (s: AnyMachineSnapshot) => s.context.canBePriced && s.context.allowPriceModification;
const isValid = (s: AnyMachineSnapshot, field: 'yield' | 'price') => pricingInputSchema(field).safeParse(textOf(s, field)).success;
const hasValidInput = (s: AnyMachineSnapshot) => isValid(s, s.context.fixedField);

/** The step changed only what `changes` lists in the context, and moved to `states`. */
function expectStep({ before, after }: Step, states: string[], changes: Record<string, unknown> = {}) {
  expectStates(after, ...states);
  expect(after.context, 'context').toEqual({ ...before.context, ...changes });
}

/** What typing `text` fixes: the price or the yield (ADR 0004). */
function fixesPrice(before: AnyMachineSnapshot, text: string): boolean {
  const value = readNumber(text)?.value;
  if (isIn(before, 'mode.yield')) return value !== undefined && value >= THRESHOLD && priceable(before);
  const lastPrice = before.context.priceInfo?.cleanPrice;
  const deepDiscount = lastPrice != null && lastPrice < THRESHOLD;
  return !(value !== undefined && value < THRESHOLD && !deepDiscount && yieldPercentSchema.safeParse(text).success);
}

/**
 * Fixing the other field: a lookup pending for the old one is void, so one for the new field starts
 * at once when its value is valid, else none; with nothing pending, nothing is looked up.
 */
function switchesFixedField(step: Step, field: 'yield' | 'price') {
  const pending = !isIn(step.before, 'lookup.idle');
  const lookup = !pending ? lookupState(step.before) : isValid(step.before, field) ? 'lookup.fetching' : 'lookup.idle';
  expectStep(step, [`mode.${field}`, lookup], { fixedField: field });
}

/** A change that keeps the fixed value: from any lookup state, `next` when the value is valid, else where it was. */
const reprice = (next: string) => (step: Step, changes: Record<string, unknown>) =>
  expectStep(step, [modeState(step.before), hasValidInput(step.before) ? `lookup.${next}` : lookupState(step.before)], changes);

export const pricingModeModel = defineModel({
  machine: pricingModeMachine.provide({ actors: { fetchPriceInfo: pending() } }),
  inputs: [{ finstrumentId: 42 }],
  events: [
    { type: 'input.typed', text: '7.42' },
    { type: 'input.typed', text: '101' },
    { type: 'input.typed', text: '' },
    { type: 'mode.fixPrice' },
    { type: 'mode.fixYield' },
    { type: 'settlement.changed', settlement: { delta: 0 } },
    { type: 'quantity.changed', quantity: 500_000 },
    { type: 'xstate.after.typingDebounce.pricingMode.lookup.debouncing' },
    { type: 'xstate.done.actor.fetchPriceInfo', output: priced },
    { type: 'xstate.done.actor.fetchPriceInfo', output: { ...priced, cleanPrice: null, canBePriced: false } },
    { type: 'xstate.error.actor.fetchPriceInfo', error: new Error('offline') },
  ],
  // Where the settlement and quantity are, or what the last answer said beyond its price, does not
  // decide any transition: they are carried along, and checked at every step.
  serialize: ({ value, context: c }) =>
    JSON.stringify([
      value,
      c.fixedField,
      c.yieldText,
      c.priceText,
      c.canBePriced,
      c.allowPriceModification,
      c.priceInfo?.cleanPrice != null && c.priceInfo.cleanPrice < THRESHOLD,
    ]),
  // `deciding` checks at once for a valid fixed value, which these transitions have just seen.
  equivalentMutants: Object.fromEntries(
    [
      'pricingMode.lookup.idle on settlement.changed[0]: fetching → deciding',
      'pricingMode.lookup.debouncing on settlement.changed[0]: fetching → deciding',
      'pricingMode.lookup.fetching on settlement.changed: fetching → deciding',
    ].map((mutant) => [mutant, 'deciding finds the fixed value valid and fetches all the same']),
  ),
  initial: (snapshot) => {
    expectStates(snapshot, 'mode.yield', 'lookup.idle');
    expect(snapshot.context).toMatchObject({ fixedField: 'yield', settlement: { delta: 1 }, quantity: null, priceInfo: null });
  },
  states: {
    'mode.yield': { tags: ['yieldFixed'], holds: (s) => expect(s.context.fixedField).toBe('yield') },
    'mode.price': {
      tags: ['priceFixed'],
      holds: (s) => {
        expect(s.context.fixedField).toBe('price');
        expect(priceable(s), 'price may be fixed').toBe(true);
      },
    },
    'lookup.idle': { tags: [] },
    'lookup.debouncing': { tags: ['typing'] },
    // Only a valid fixed value is ever looked up.
    'lookup.fetching': { tags: ['busy'], holds: (s) => expect(hasValidInput(s), 'valid fixed value').toBe(true) },
  },
  steps: {
    'input.typed': (step) => {
      const toPrice = fixesPrice(step.before, step.event.text);
      expectStep(step, [toPrice ? 'mode.price' : 'mode.yield', 'lookup.debouncing'], {
        fixedField: toPrice ? 'price' : 'yield',
        [toPrice ? 'priceText' : 'yieldText']: step.event.text,
      });
    },
    'mode.fixPrice': (step) => {
      if (!isIn(step.before, 'mode.yield') || !priceable(step.before)) return expectUnchanged(step);
      switchesFixedField(step, 'price');
    },
    'mode.fixYield': (step) => {
      if (!isIn(step.before, 'mode.price')) return expectUnchanged(step);
      switchesFixedField(step, 'yield');
    },
    'settlement.changed': (step) => reprice('fetching')(step, { settlement: step.event.settlement }),
    'quantity.changed': (step) => reprice('debouncing')(step, { quantity: step.event.quantity }),
    'xstate.after.typingDebounce.pricingMode.lookup.debouncing': (step) => {
      if (!isIn(step.before, 'lookup.debouncing')) return expectUnchanged(step);
      expectStep(step, [modeState(step.before), hasValidInput(step.before) ? 'lookup.fetching' : 'lookup.idle']);
    },
    'xstate.done.actor.fetchPriceInfo': (step) => {
      if (!isIn(step.before, 'lookup.fetching')) return expectUnchanged(step);
      const info = step.event.output;
      // The fixed field keeps what the user typed; the other shows the computed value.
      const computed =
        step.before.context.fixedField === 'yield'
          ? { priceText: info.cleanPrice === null ? '' : info.cleanPrice.toFixed(4) }
          : { yieldText: info.bondYield === null ? '' : (info.bondYield * 100).toFixed(4) };
      // A bond that cannot be priced takes the price out of the user's hands.
      const losesPrice = isIn(step.before, 'mode.price') && !(info.canBePriced && info.allowPriceModification);
      expectStep(step, [losesPrice ? 'mode.yield' : modeState(step.before), 'lookup.idle'], {
        priceInfo: info,
        canBePriced: info.canBePriced,
        allowPriceModification: info.allowPriceModification,
        ...computed,
        ...(losesPrice ? { fixedField: 'yield' } : {}),
      });
    },
    // Spec 02 §8: a failed price lookup is silently ignored; the last values stay.
    'xstate.error.actor.fetchPriceInfo': (step) => {
      if (!isIn(step.before, 'lookup.fetching')) return expectUnchanged(step);
      expectStep(step, [modeState(step.before), 'lookup.idle']);
    },
  },
});
