import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_VALUES, GOVERNMENT_FACE_VALUE, SECURITY_TYPES } from '../../shared/instruments.js';
import { isValidIsin } from '../../shared/isin.js';
import type { Database } from '../db/database.js';
import type { DemoLogin } from './seedDemo.js';
import { freshSeeded, rows, tableHash, TEST_SEED_OPTIONS as OPTIONS } from './seedTestDatabase.js';

interface Bond {
  isin: string;
  display_name: string;
  security_type: string;
  convention: string;
  day_count: string;
  leap_rule: string | null;
  coupon_rate: string;
  frequency: number;
  issue_date: string;
  first_coupon_date: string | null;
  maturity_date: string | null;
  redemption: string;
  call_schedule: { date: string; price: number }[];
  put_schedule: { date: string; price: number }[];
  face_value: number;
  is_listed: boolean;
  is_secured: boolean;
  is_tax_free: boolean;
  is_perpetual: boolean;
  seniority: string;
}

let db: Database;
let logins: DemoLogin[];
let bonds: Bond[];

beforeAll(async () => {
  ({ database: db, logins } = await freshSeeded());
  bonds = await rows<Bond>(db, sql`select * from finstruments order by id`);
}, 120_000);

afterAll(() => db?.close());

describe('seedDemo (small) — instruments', () => {
  it('gives every instrument a valid, unique ISIN', () => {
    expect(bonds.length).toBeGreaterThanOrEqual(300);
    expect(bonds.length).toBeLessThanOrEqual(500);
    for (const b of bonds) expect(isValidIsin(b.isin), b.isin).toBe(true);
    expect(new Set(bonds.map((b) => b.isin)).size).toBe(bonds.length);
  });

  it('keeps every instrument’s terms consistent', () => {
    for (const b of bonds) {
      const coupon = Number(b.coupon_rate);
      const at = `${b.isin} ${b.display_name}`;
      expect(coupon, at).toBeGreaterThanOrEqual(0);
      expect(b.face_value, at).toBeGreaterThan(0);
      expect(Number(b.redemption), at).toBeGreaterThanOrEqual(100);
      if (b.maturity_date === null) {
        expect(b.is_perpetual && b.call_schedule.length > 0, at).toBe(true);
      } else {
        expect(b.maturity_date > b.issue_date, at).toBe(true);
        expect(b.is_perpetual, at).toBe(false);
      }
      if (coupon > 0) {
        expect([1, 2, 4, 12], at).toContain(b.frequency);
        expect(b.first_coupon_date! > b.issue_date, at).toBe(true);
        if (b.maturity_date) expect(b.first_coupon_date! <= b.maturity_date, at).toBe(true);
      } else {
        expect(b.frequency, at).toBe(0);
        expect(b.first_coupon_date, at).toBeNull();
      }
      for (const option of [...b.call_schedule, ...b.put_schedule]) {
        expect(option.date > b.issue_date, at).toBe(true);
        if (b.maturity_date) expect(option.date < b.maturity_date, at).toBe(true);
        expect(option.price, at).toBeGreaterThanOrEqual(100);
      }
      if (['GSEC', 'SDL', 'TBILL'].includes(b.security_type)) {
        expect(b.face_value, at).toBe(GOVERNMENT_FACE_VALUE);
        expect(b.convention, at).toMatch(/^IN_GSEC/);
      } else {
        expect([b.convention, b.day_count], at).toEqual(['IN_CORP', 'ACT/ACT']);
        expect(b.leap_rule, at).not.toBeNull();
      }
    }
  });

  it('covers every kind and feature the screens and the bond math need', () => {
    const has = (p: (b: Bond) => boolean) => bonds.some(p);
    for (const type of SECURITY_TYPES)
      expect(
        has((b) => b.security_type === type),
        type,
      ).toBe(true);
    const features: Record<string, (b: Bond) => boolean> = {
      'G-sec 30/360 semi-annual': (b) => b.security_type === 'GSEC' && b.day_count === '30/360' && b.frequency === 2,
      'SDL 30E/360 variant': (b) => b.security_type === 'SDL' && b.convention === 'IN_GSEC_30E',
      'tax-free PSU': (b) => b.security_type === 'PSU' && b.is_tax_free,
      'zero-coupon corporate with premium': (b) =>
        !['TBILL'].includes(b.security_type) && Number(b.coupon_rate) === 0 && Number(b.redemption) > 100,
      callable: (b) => b.call_schedule.length > 0 && !b.is_perpetual,
      puttable: (b) => b.put_schedule.length > 0,
      'AT1 perpetual': (b) => b.seniority === 'AT1' && b.is_perpetual && b.maturity_date === null,
      'Tier 2': (b) => b.seniority === 'TIER2' && b.call_schedule.length > 0,
      subordinated: (b) => b.seniority === 'SUBORDINATED',
      listed: (b) => b.is_listed,
      unlisted: (b) => !b.is_listed,
      secured: (b) => b.is_secured,
      'unsecured corporate': (b) => !b.is_secured && b.security_type !== 'GSEC',
      matured: (b) => b.maturity_date !== null && b.maturity_date < OPTIONS.referenceDate,
      'AFB leap rule': (b) => b.leap_rule === 'AFB',
      'YEAREND leap rule': (b) => b.leap_rule === 'YEAREND',
    };
    for (const [name, p] of Object.entries(features)) expect(has(p), name).toBe(true);
    for (const f of [1, 2, 4, 12])
      expect(
        has((b) => b.security_type !== 'GSEC' && b.frequency === f),
        `frequency ${f}`,
      ).toBe(true);
    for (const fv of FACE_VALUES)
      expect(
        has((b) => b.face_value === fv),
        `face ${fv}`,
      ).toBe(true);
    for (const days of [91, 182, 364])
      expect(
        has((b) => b.display_name.startsWith(`${days} DTB `)),
        `${days}-day T-bill`,
      ).toBe(true);
  });

  it('writes the same rows every time', async () => {
    const other = await freshSeeded();
    try {
      for (const table of ['issuers', 'finstruments', 'ratings', 'holidays', 'clients', 'client_brokers', 'permissions']) {
        expect(await tableHash(other.database, table), table).toBe(await tableHash(db, table));
      }
      expect(other.logins).toEqual(logins);
    } finally {
      await other.database.close();
    }
  }, 120_000);
});
