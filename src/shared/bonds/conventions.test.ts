// DESIGN §5 rules checked directly: schedules, accrued, seller's coupon, leap rules, risk measures.
import { describe, expect, it } from 'vitest';
import {
  type BondTerms,
  cleanPriceFromYield,
  convexity,
  macaulayDuration,
  modifiedDuration,
  priceFromYield,
  yieldFromCleanPrice,
} from './index.js';

const gsec: BondTerms = { convention: 'IN_GSEC', maturity: '2033-07-24', couponRate: 0.0718, frequency: 2 };
const corp: BondTerms = { convention: 'IN_CORP', maturity: '2029-03-15', couponRate: 0.0825, frequency: 2 };

describe('coupon dates and accrued interest', () => {
  it('accrued is 0 on a coupon date and the coupon paid that day belongs to the seller', () => {
    for (const [terms, date] of [
      [gsec, '2024-01-24'],
      [corp, '2024-03-15'],
    ] as const) {
      const p = priceFromYield(terms, date, 0.07);
      expect(p.accruedInterest).toBe(0);
      expect(p.accruedDays).toBe(0);
      expect(p.previousCouponDate).toBe(date);
      expect(p.cashflows.some((c) => c.date === date)).toBe(false);
      expect(p.cleanPrice).toBe(p.dirtyPrice);
    }
  });
  it('the day before a coupon date still carries that coupon and almost a full period of accrued', () => {
    const p = priceFromYield(gsec, '2024-01-23', 0.07);
    expect(p.cashflows[0]).toMatchObject({ date: '2024-01-24', type: 'coupon' });
    expect(p.cashflows[0]!.amount).toBeCloseTo(3.59, 14);
    expect(p.accruedDays).toBe(179);
    expect(p.accruedInterest).toBeCloseTo((7.18 * 179) / 360, 12);
  });
  it('generates dates backwards from maturity with the day clamped, no end-of-month rule', () => {
    const p = priceFromYield({ convention: 'IN_GSEC', maturity: '2030-08-31', couponRate: 0.07, frequency: 2 }, '2024-01-10', 0.07);
    expect(p.previousCouponDate).toBe('2023-08-31');
    expect(p.cashflows.slice(0, 3).map((c) => c.date)).toEqual(['2024-02-29', '2024-08-31', '2025-02-28']);
    expect(p.cashflows.every((c) => c.type === 'redemption' || Math.abs(c.amount - 3.5) < 1e-14)).toBe(true);
  });
  it('G-sec: 30/360 bond basis accrued and (E−A)/E first fraction, compound final period', () => {
    const p = priceFromYield({ ...gsec, maturity: '2024-07-24' }, '2024-05-10', 0.068);
    // A = 30/360 days from 24 Jan to 10 May = 106; E = 180.
    expect(p.accruedDays).toBe(106);
    expect(p.dirtyPrice).toBeCloseTo(103.59 / Math.pow(1.034, 74 / 180), 12);
  });
  it('IN_GSEC_30E counts any 31st as the 30th', () => {
    const t: BondTerms = { convention: 'IN_GSEC_30E', maturity: '2030-03-15', couponRate: 0.08, frequency: 2 };
    expect(priceFromYield(t, '2024-03-31', 0.07).accruedDays).toBe(15);
    expect(priceFromYield({ ...t, convention: 'IN_GSEC' }, '2024-03-31', 0.07).accruedDays).toBe(16);
  });
  it('corporate coupons divide by the length of the bond-year (366 when it holds 29 Feb)', () => {
    const p = priceFromYield(corp, '2024-02-20', 0.08);
    expect(p.cashflows[0]!.amount).toBeCloseTo((8.25 * 182) / 366, 12);
    expect(p.cashflows[1]!.amount).toBeCloseTo((8.25 * 184) / 365, 12);
    expect(p.accruedInterest).toBeCloseTo((8.25 * 158) / 366, 12);
  });
  it('leap-year rules differ exactly as DESIGN §5 says', () => {
    // Period 15 Sep 2024 → 15 Mar 2025: bond-year (15 Mar 2024, 15 Mar 2025] has no 29 Feb… but starts after it.
    const s = '2024-10-01';
    const by = priceFromYield(corp, s, 0.08).cashflows[0]!.amount;
    const afb = priceFromYield({ ...corp, leapRule: 'AFB' }, s, 0.08).cashflows[0]!.amount;
    const ye = priceFromYield({ ...corp, leapRule: 'YEAREND' }, s, 0.08).cashflows[0]!.amount;
    expect(by).toBeCloseTo((8.25 * 181) / 365, 12);
    expect(afb).toBeCloseTo((8.25 * 181) / 365, 12);
    expect(ye).toBeCloseTo((8.25 * 181) / 365, 12);
    // Period 15 Sep 2023 → 15 Mar 2024 contains 29 Feb 2024: all three read 366, but only
    // YEAREND/BONDYEAR use 366 for 15 Mar 2024 → 15 Sep 2024 (year ending 15 Sep 2024 holds 29 Feb).
    const s2 = '2024-04-01';
    expect(priceFromYield(corp, s2, 0.08).cashflows[0]!.amount).toBeCloseTo((8.25 * 184) / 365, 12);
    expect(priceFromYield({ ...corp, leapRule: 'AFB' }, s2, 0.08).cashflows[0]!.amount).toBeCloseTo((8.25 * 184) / 365, 12);
    expect(priceFromYield({ ...corp, leapRule: 'YEAREND' }, s2, 0.08).cashflows[0]!.amount).toBeCloseTo((8.25 * 184) / 366, 12);
  });
  it('AFB pays a full annual coupon for a year running from 29 Feb to 28 Feb', () => {
    const afb = { convention: 'IN_CORP', maturity: '2056-02-29', couponRate: 0.079, frequency: 1, leapRule: 'AFB' } as const;
    const flows = priceFromYield(afb, '2044-03-10', 0.08).cashflows;
    expect(flows[0]).toMatchObject({ date: '2045-02-28', amount: 7.9 });
    expect(flows[3]).toMatchObject({ date: '2048-02-29', amount: 7.9 });
  });
  it('YEAREND divides a whole long first period by the year ending on its end, even days before that year', () => {
    // Issued 10 Apr 2024, first coupon 30 Jun 2025: the year ending 30 Jun 2025 has no 29 Feb, so
    // the 81 days before 30 Jun 2024 count over 365 as well, though 29 Feb 2024 lies in the year before.
    const long = {
      convention: 'IN_CORP',
      maturity: '2029-06-30',
      couponRate: 0.079,
      frequency: 2,
      leapRule: 'YEAREND',
      issueDate: '2024-04-10',
      firstCouponDate: '2025-06-30',
    } as const;
    const p = priceFromYield(long, '2024-11-11', 0.08);
    expect(p.accruedInterest).toBeCloseTo((7.9 * 215) / 365, 12);
    expect(p.accruedInterest.toFixed(4)).toBe('4.6534');
    expect(p.cashflows[0]!.amount).toBeCloseTo((7.9 * 446) / 365, 12);
  });
  it('corporate yield is annual effective on actual/365 days (XIRR)', () => {
    const p = priceFromYield({ ...corp, couponRate: 0 }, '2024-03-15', 0.09);
    const days = 1826; // 2024-03-15 → 2029-03-15
    expect(p.dirtyPrice).toBeCloseTo(100 * Math.pow(1.09, -days / 365), 12);
  });
  it('issue date starts accrual of a short first coupon; a call date prices to the call', () => {
    const t: BondTerms = { ...corp, issueDate: '2024-01-10', firstCouponDate: '2024-03-15' };
    const p = priceFromYield(t, '2024-02-01', 0.08);
    expect(p.previousCouponDate).toBe('2024-01-10');
    expect(p.accruedDays).toBe(22);
    expect(p.cashflows[0]!.amount).toBeCloseTo((8.25 * 65) / 366, 12);
    const c = priceFromYield({ ...corp, callDate: '2026-03-15', callPrice: 101 }, '2024-02-01', 0.08);
    expect(c.cashflows.at(-1)).toEqual({ date: '2026-03-15', amount: 101, type: 'redemption' });
  });
  it('zero coupon bonds list only the redemption and accrue nothing', () => {
    const p = priceFromYield({ ...gsec, couponRate: 0 }, '2024-03-15', 0.07);
    expect(p.accruedInterest).toBe(0);
    expect(p.cashflows).toEqual([{ date: '2033-07-24', amount: 100, type: 'redemption' }]);
    expect(p.dirtyPrice).toBeCloseTo(100 * Math.pow(1.035, -(18 + (180 - 51) / 180)), 12);
  });
});

describe('risk measures match finite differences of the dirty price', () => {
  const cases: [BondTerms, string, number][] = [
    [gsec, '2024-03-15', 0.0705],
    [corp, '2024-02-29', 0.08],
    [{ ...corp, frequency: 12 }, '2025-06-03', 0.5],
    [{ ...gsec, frequency: 1, couponRate: 0 }, '2024-03-15', -0.04],
    [{ ...gsec, maturity: '2063-11-06' }, '2024-06-03', 0.2],
  ];
  it.each(cases)('%j at %s, y=%s', (terms, s, y) => {
    const dirty = (r: number): number => priceFromYield(terms, s, r).dirtyPrice;
    const h = 1e-5;
    const p0 = dirty(y);
    const d1 = (dirty(y + h) - dirty(y - h)) / (2 * h);
    const d2 = (dirty(y + h) - 2 * p0 + dirty(y - h)) / (h * h);
    expect(modifiedDuration(terms, s, y)).toBeCloseTo(-d1 / p0, 6);
    expect(convexity(terms, s, y) / (d2 / p0)).toBeCloseTo(1, 4);
    const f = terms.convention === 'IN_CORP' ? 1 : terms.frequency;
    expect(macaulayDuration(terms, s, y)).toBeCloseTo(modifiedDuration(terms, s, y) * (1 + y / f), 12);
  });
});

describe('plan cache', () => {
  it('is safe when a terms object is mutated in place', () => {
    const t: BondTerms = { ...gsec };
    const a = cleanPriceFromYield(t, '2024-03-15', 0.07);
    t.couponRate = 0.09;
    const b = cleanPriceFromYield(t, '2024-03-15', 0.07);
    expect(b).toBeGreaterThan(a);
    expect(b).toBe(cleanPriceFromYield({ ...t }, '2024-03-15', 0.07));
  });
  it('serves many settlements of one bond correctly', () => {
    for (let d = 1; d <= 28; d++) {
      const s = `2024-02-${String(d).padStart(2, '0')}`;
      const p = cleanPriceFromYield(gsec, s, 0.07);
      expect(p).toBe(priceFromYield({ ...gsec }, s, 0.07).cleanPrice);
      expect(yieldFromCleanPrice(gsec, s, p)).toBeCloseTo(0.07, 12);
    }
  });
});

describe('schedule corner cases', () => {
  it('a call date off the coupon grid pays the part-period coupon with the call price', () => {
    const t: BondTerms = { ...gsec, callDate: '2026-04-24', callPrice: 100.5 };
    const p = priceFromYield(t, '2024-03-15', 0.07);
    const last = p.cashflows.slice(-2);
    expect(last[0]).toMatchObject({ date: '2026-04-24', type: 'coupon' });
    expect(last[0]!.amount).toBeCloseTo((7.18 * 90) / 360, 12);
    expect(last[1]).toEqual({ date: '2026-04-24', amount: 100.5, type: 'redemption' });
  });
  it('a first coupon date without issue date treats the period before it as regular', () => {
    const t: BondTerms = { ...gsec, firstCouponDate: '2024-07-24' };
    expect(priceFromYield(t, '2024-03-15', 0.07).cleanPrice).toBeCloseTo(priceFromYield(gsec, '2024-03-15', 0.07).cleanPrice, 12);
  });
  it('monthly and quarterly G-secs use c/f coupons and 360/f-day periods', () => {
    const p = priceFromYield({ ...gsec, frequency: 12 }, '2024-03-15', 0.07);
    expect(p.couponPeriodDays).toBe(30);
    expect(p.cashflows[0]!.amount).toBeCloseTo(7.18 / 12, 14);
    expect(priceFromYield({ ...gsec, frequency: 4 }, '2024-03-15', 0.07).couponPeriodDays).toBe(90);
  });
});
