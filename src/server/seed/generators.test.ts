import { describe, expect, it } from 'vitest';
import { isValidIsin } from '../../shared/isin.js';
import { addMonths } from './dates.js';
import { buildInstruments, INSTRUMENT_PLAN } from './instruments.js';
import { buildIssuers, ISSUER_COUNT } from './issuers.js';
import { createRng } from './rng.js';
import { firstCouponDate } from './terms.js';

describe('seed generators (no database)', () => {
  const issuers = buildIssuers();

  it('builds ~1,500 issuers with unique names and 4-character ISIN issuer codes', () => {
    expect(issuers).toHaveLength(ISSUER_COUNT);
    expect(new Set(issuers.map((i) => i.name)).size).toBe(issuers.length);
    expect(new Set(issuers.map((i) => i.isinIssuerCode)).size).toBe(issuers.length);
    for (const i of issuers) expect(i.isinIssuerCode, i.name).toMatch(/^(IN\d\d|\d{3}[A-Z])$/);
    expect(issuers.find((i) => i.shortName === 'RIL')?.isinIssuerCode).toBe('002A');
    expect(issuers.find((i) => i.name === 'State of Maharashtra')?.shortName).toBe('MAHARASHTRA');
  });

  it('produces ≈30,000 instruments with valid, unique ISINs at full size', () => {
    const full = buildInstruments(issuers, 'full', '2026-11-22');
    expect(full.length).toBeGreaterThan(29_000);
    expect(full.length).toBeLessThan(31_000);
    expect(full.every((b) => isValidIsin(b.isin))).toBe(true);
    expect(new Set(full.map((b) => b.isin)).size).toBe(full.length);
    const corporate = full.filter((b) => b.isin.startsWith('INE'));
    // Every issuer gets at least one bond at full size.
    expect(new Set(full.map((b) => b.issuerCode)).size).toBe(ISSUER_COUNT);
    expect(corporate.length).toBe(full.length - INSTRUMENT_PLAN.full.GSEC - INSTRUMENT_PLAN.full.SDL - 3 * INSTRUMENT_PLAN.full.TBILL);
  }, 30_000);

  it('is deterministic', () => {
    const a = buildInstruments(buildIssuers(), 'small', '2026-11-22');
    const b = buildInstruments(buildIssuers(), 'small', '2026-11-22');
    expect(a).toEqual(b);
    expect(createRng('x').next()).toBe(createRng('x').next());
    expect(createRng('x').next()).not.toBe(createRng('y').next());
  });

  it('schedules coupons backwards from maturity, clamping to month ends', () => {
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
    expect(firstCouponDate('2023-08-14', '2033-08-14', 2)).toBe('2024-02-14');
    expect(firstCouponDate('2018-12-07', '2022-11-07', 1)).toBe('2019-11-07');
    expect(firstCouponDate('2020-03-13', '2027-03-13', 12)).toBe('2020-04-13');
    expect(firstCouponDate('2024-01-10', '2029-08-31', 4)).toBe('2024-02-29');
  });
});
