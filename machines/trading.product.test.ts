/**
 * The rules between quote, negotiation and deal (machines/testing/tradingProduct.ts): every state
 * of the three charts together reachable within a few steps is visited, and in each the rules that
 * link them must hold.
 */
import { describe, expect, it } from 'vitest';
import { dealPending, enabledSteps, initialProduct, isDone, isNegotiating, PRODUCT_STEPS, type Product } from './testing/tradingProduct';

/** Four answers' worth of steps reach every combination the rules below speak of. */
const DEPTH = 9;

const key = (p: Product) =>
  JSON.stringify([p.eoi.value, p.eoi.context, p.negotiations.map((n) => [n.cluster.value, n.order?.value ?? null, n.wasAccepted])]);

/** Every product state within DEPTH steps, each with the path that reached it (breadth first). */
function reachable(): { product: Product; path: string[] }[] {
  const seen = new Map<string, { product: Product; path: string[] }>();
  let frontier = [{ product: initialProduct(), path: [] as string[] }];
  for (let depth = 0; depth <= DEPTH && frontier.length > 0; depth += 1) {
    const next: typeof frontier = [];
    for (const visit of frontier) {
      if (seen.has(key(visit.product))) continue;
      seen.set(key(visit.product), visit);
      for (const { name, next: product } of enabledSteps(visit.product)) next.push({ product, path: [...visit.path, name] });
    }
    frontier = next;
  }
  return [...seen.values()];
}

const STATES = reachable();
const quoteEnded = (p: Product) => isDone(p.eoi) && !p.eoi.matches('traded');
const confirmed = (p: Product) => p.negotiations.filter((n) => n.cluster.matches('confirmed'));

/** Checks `rule` in every reachable state; a failure names the path that broke it. */
function holdsEverywhere(rule: (p: Product) => void) {
  for (const { product, path } of STATES) {
    try {
      rule(product);
    } catch (error) {
      throw new Error(`after ${path.join(' → ') || 'submit'}: ${(error as Error).message}`);
    }
  }
}

describe('quote, negotiation and deal together', () => {
  it('explores a state space large enough to hold deals, rejections and ended quotes', () => {
    expect(STATES.length).toBeGreaterThan(200);
    expect(STATES.some(({ product }) => product.eoi.matches('traded'))).toBe(true);
    expect(STATES.some(({ product }) => quoteEnded(product) && product.negotiations.length > 1)).toBe(true);
    expect(STATES.some(({ product }) => product.negotiations.some((n) => n.cluster.matches('rejected')))).toBe(true);
  });

  it("the quote's count of open negotiations agrees with its negotiations, and it is negotiating exactly while one is open", () => {
    holdsEverywhere((p) => {
      if (isDone(p.eoi)) return;
      const open = p.negotiations.filter((n) => !isDone(n.cluster)).length;
      expect(p.eoi.context.openNegotiations, 'open negotiations').toBe(open);
      expect(p.eoi.hasTag('negotiating'), 'negotiating').toBe(open > 0);
    });
  });

  it('a deal implies an accepted negotiation: an order only for a confirmed deal, one each, and a traded quote has exactly one', () => {
    holdsEverywhere((p) => {
      for (const n of p.negotiations) {
        expect(n.order !== null, 'order iff confirmed').toBe(n.cluster.matches('confirmed'));
        if (n.cluster.hasTag('dealt')) expect(n.wasAccepted, 'dealt after accepted').toBe(true);
      }
      if (p.eoi.matches('traded')) expect(confirmed(p)).toHaveLength(1);
      if (confirmed(p).length > 0) expect(p.eoi.value, 'a confirmed deal trades its quote').toBe('traded');
    });
  });

  it('an ended or traded quote leaves no negotiation open to counter or accept', () => {
    holdsEverywhere((p) => {
      if (isDone(p.eoi)) expect(p.negotiations.filter(isNegotiating)).toEqual([]);
    });
  });

  // The quote's chart knows of the deal's submission and answer: while a deal waits on the exchange
  // the quote cannot end (closed, expired, replaced, validity) and no second deal is agreed beside it.
  it('a deal waiting on the exchange always finds its quote: the quote cannot end meanwhile, and either answer is taken', () => {
    holdsEverywhere((p) => {
      const pending = p.negotiations.filter(dealPending);
      if (quoteEnded(p)) expect(pending, 'a pending deal on an ended quote').toEqual([]);
      expect(pending.length, 'deals pending at once').toBeLessThanOrEqual(1);
      for (const i of p.negotiations.flatMap((n, j) => (n.cluster.matches('onExchange') ? [j] : []))) {
        const answers = PRODUCT_STEPS.filter(
          (s) => s.name.startsWith(`negotiation ${i} exchange.`) && s.name !== `negotiation ${i} exchange.submitted`,
        );
        expect(Object.fromEntries(answers.map((s) => [s.name, s.apply(p) !== null])), 'the exchange can answer').toEqual({
          [`negotiation ${i} exchange.confirmed`]: true,
          [`negotiation ${i} exchange.rejected`]: true,
        });
      }
    });
  });
});
