/**
 * Simulated NSCCL and ICCL: they hold the legs paid in per trade, pay out only when both are in
 * (DvP) and return the legs of a failed trade. Told to withhold a kind of leg (tests, demo), they
 * never receive it — as when a bank's RTGS or a depository's instruction does not arrive — so the
 * trade fails at the cut-off. The books live in memory: after a restart, the settlement service
 * pays in again what our order rows say is in before it asks for a pay-out.
 */
import type { ClearingCorporation, ClearingCorporationName, Leg } from './clearingCorporation.js';

export interface ClearingBehaviour {
  /** Legs that never arrive from now on (e.g. ['securities']: no seller's securities come in). */
  withhold: Leg[];
}

export interface ClearingSimulator extends ClearingCorporation {
  behave(behaviour: ClearingBehaviour): void;
  readonly behaviour: ClearingBehaviour;
  /** Pay-outs made, oldest first, with the legs held at the time (tests check DvP on it). */
  readonly payOuts: readonly { orderId: number; legs: Leg[] }[];
}

interface Book {
  legs: Set<Leg>;
  paidOut: boolean;
}

export function createClearingSimulator(name: ClearingCorporationName): ClearingSimulator {
  let behaviour: ClearingBehaviour = { withhold: [] };
  const books = new Map<number, Book>();
  const payOuts: { orderId: number; legs: Leg[] }[] = [];
  const bookOf = (orderId: number) => {
    let book = books.get(orderId);
    if (!book) books.set(orderId, (book = { legs: new Set(), paidOut: false }));
    return book;
  };
  return {
    name,
    get behaviour() {
      return behaviour;
    },
    payOuts,
    behave(next) {
      behaviour = { withhold: [...next.withhold] };
    },
    paidOut: async (orderId) => books.get(orderId)?.paidOut ?? false,
    async payIn(orderId, leg) {
      const book = bookOf(orderId);
      if (!book.legs.has(leg) && !behaviour.withhold.includes(leg)) book.legs.add(leg);
      return book.legs.has(leg);
    },
    async legs(orderId) {
      return [...(books.get(orderId)?.legs ?? [])];
    },
    async payOut(orderId) {
      const book = bookOf(orderId);
      if (book.paidOut) return;
      if (!book.legs.has('funds') || !book.legs.has('securities'))
        throw new Error(`${name}: order ${orderId} cannot pay out before both legs are in`);
      book.paidOut = true;
      payOuts.push({ orderId, legs: [...book.legs] });
    },
    async returnLegs(orderId) {
      const book = books.get(orderId);
      if (!book || book.paidOut) return [];
      const returned = [...book.legs];
      book.legs.clear();
      return returned;
    },
  };
}
