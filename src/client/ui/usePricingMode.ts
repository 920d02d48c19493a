/**
 * The pricing input's actor (spec 02 §4 pricing input): created by the view that owns the pricing
 * (a calculator, an order ticket) so it and its PricingInput read and drive the same machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { pricingModeMachine } from '../../../machines/pricingMode.machine';
import { pricingValue, type PriceInfo, type PriceLookup, type PricingInputValue } from '../../../machines/pricingValues';
import { inspect } from '../app/actorInspection';
import { quoteLookup } from './PricingInputLookup';

export type PricingModeActor = ActorRefFrom<typeof pricingModeMachine>;

export interface PricingModeOptions {
  finstrumentId: number;
  /** The lookup callback (spec 02 §7); `POST /api/quote/:id/` unless given. Read once, at creation. */
  lookup?: (request: PriceLookup) => Promise<PriceInfo>;
  /** T+0/1/2 at start (default T+1). */
  settlementDelta?: 0 | 1 | 2;
  /** A value to price at once, in percent (e.g. the bond's market yield). */
  initialYield?: string;
  /** Face value in INR to price the consideration for. */
  quantity?: number;
}

/** Creates (once) and starts the pricingMode actor of a view. */
export function usePricingMode({
  finstrumentId,
  lookup = quoteLookup,
  settlementDelta = 1,
  initialYield,
  quantity,
}: PricingModeOptions): PricingModeActor {
  return useActorRef(
    pricingModeMachine.provide({ actors: { fetchPriceInfo: fromPromise<PriceInfo, PriceLookup>(({ input }) => lookup(input)) } }),
    { input: { finstrumentId, settlement: { delta: settlementDelta }, yieldText: initialYield, quantity }, inspect },
  );
}

const sameValue = (a: PricingInputValue, b: PricingInputValue) =>
  (Object.keys(a) as (keyof PricingInputValue)[]).every((key) => a[key] === b[key]);

/** The widget's value (spec 02 §3 Pricing input value), re-rendering only when it changes. */
export const usePricingValue = (pricing: PricingModeActor) => useSelector(pricing, (s) => pricingValue(s.context), sameValue);
