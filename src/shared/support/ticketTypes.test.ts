import { describe, expect, it } from 'vitest';
import { SUPPORT_TYPE_LABELS, supportTypeOf, ticketTypeId } from './ticketTypes';
import { COUNTER_RFQ_ISSUE_OPTIONS, issueOptionsFor, ISSUE_REPORT_OPTIONS } from './issueReports';

describe('support ticket types (spec 02 §3)', () => {
  it('sends the raw type id in dev mode and the external id otherwise', () => {
    expect(['query', 'issue', 'access', 'feedback'].map((t) => ticketTypeId(t as never, true))).toEqual([3, 1, 4, 2]);
    expect(['query', 'issue', 'access', 'feedback'].map((t) => ticketTypeId(t as never, false))).toEqual([5, 1, 8, 6]);
  });

  it('reads an id back only in its own mode', () => {
    expect(supportTypeOf(3, true)).toBe('query');
    expect(supportTypeOf(3, false)).toBeUndefined();
    expect(supportTypeOf(8, false)).toBe('access');
    expect(supportTypeOf(1, false)).toBe('issue');
    expect(supportTypeOf(7, false)).toBeUndefined();
  });

  it('labels the types as the support form offers them (spec 02 §9)', () => {
    expect(Object.values(SUPPORT_TYPE_LABELS)).toEqual(['Ask a query', 'Report issue', 'Request access', 'Provide feedback']);
  });

  it('offers the counter-RFQ variant only price/yield and Others', () => {
    expect(issueOptionsFor('pricingAndCashflow')).toEqual(ISSUE_REPORT_OPTIONS);
    expect(issueOptionsFor('counterRfq')).toEqual(['Price/yield seems incorrect', 'Others']);
    expect(COUNTER_RFQ_ISSUE_OPTIONS).toHaveLength(2);
  });
});
