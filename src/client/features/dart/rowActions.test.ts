import { describe, expect, it } from 'vitest';
import { clusterActions, eoiActions } from './rowActions';
import { cluster, eoi } from './testing';

describe('row actions follow the machines and ownership', () => {
  it('lets another client respond to a live or negotiating quote, and only the owner expire or close it', () => {
    expect(eoiActions(eoi(1))).toEqual({ respond: true, expire: false, close: false });
    expect(eoiActions(eoi(1, { status: 'negotiating', open_negotiations: 2 }))).toEqual({ respond: true, expire: false, close: false });
    expect(eoiActions(eoi(1, { is_mine: true }))).toEqual({ respond: false, expire: true, close: true });
  });

  it('keeps the owner from expiring or closing a quote while a deal on it waits for the exchange', () => {
    const dealing = { status: 'negotiating', open_negotiations: 1, deal_pending: true } as const;
    expect(eoiActions(eoi(1, { ...dealing, is_mine: true }))).toEqual({ respond: false, expire: false, close: false });
    expect(eoiActions(eoi(1, dealing))).toEqual({ respond: true, expire: false, close: false });
  });

  it('allows nothing on a quote that has left the market', () => {
    for (const status of ['traded', 'expired', 'closed', 'replaced'] as const) {
      expect(eoiActions(eoi(1, { status }))).toEqual({ respond: false, expire: false, close: false });
      expect(eoiActions(eoi(1, { status, is_mine: true }))).toEqual({ respond: false, expire: false, close: false });
    }
  });

  it('lets only the party holding the quote counter or accept it; either may close while negotiating', () => {
    expect(clusterActions(cluster(1, { status: 'withOwner', my_role: 'owner' }))).toEqual({ counter: true, accept: true, close: true });
    expect(clusterActions(cluster(1, { status: 'withOwner', my_role: 'responder' }))).toEqual({
      counter: false,
      accept: false,
      close: true,
    });
    expect(clusterActions(cluster(1, { status: 'withResponder', my_role: 'responder' }))).toEqual({
      counter: true,
      accept: true,
      close: true,
    });
    expect(clusterActions(cluster(1, { status: 'onExchange', my_role: 'owner' }))).toEqual({ counter: false, accept: false, close: false });
  });
});
