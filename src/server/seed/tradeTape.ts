/**
 * The reported-trade tape: a year of trades for the most liquid bonds, at yields around the
 * fair-value curve (kind, rating, tenor) with a shared daily market move, a per-bond basis and
 * per-trade noise; prices come from the bond engine at the yield, settlement is T+1. Deterministic.
 */
import { sql } from 'drizzle-orm';
import { cleanPriceFromYield } from '../../shared/bonds/index.js';
import type { DbOrTx } from '../db/database.js';
import { fairYield, yearsBetween } from '../domain/pricing/curve.js';
import { addBusinessDays, isBusinessDay } from '../domain/pricing/settlement.js';
import { termsFor, type FinstrumentRow } from '../domain/instruments/terms.js';
import { addDays } from './dates.js';
import { createRng, type Rng } from './rng.js';
import type { SeedSize } from './instruments.js';
import type { SeedInstrument } from './types.js';

/** Bonds on the tape, and how many of them trade most days (the rest trade now and then). */
const TAPE_PLAN: Readonly<Record<SeedSize, { bonds: number; active: number }>> = {
  full: { bonds: 2_000, active: 100 },
  small: { bonds: 50, active: 10 },
};
const INSERT_CHUNK = 10_000;
const GOVERNMENT_SIZES = [5e6, 1e7, 2.5e7, 5e7, 1e8, 2.5e8];
const CORPORATE_SIZES = [5e5, 1e6, 2.5e6, 5e6, 1e7, 2.5e7, 1e8];

export interface TapeBond {
  instrument: SeedInstrument;
  id: number;
  /** Best long-term grade, null when unrated or sovereign. */
  grade: string | null;
}

interface Trade {
  id: number;
  at: string;
  date: string;
  settles: string;
  quantity: number;
  price: string;
  yield: string;
  exchange: string;
}

function tradingDays(referenceDate: string, closed: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let d = addDays(referenceDate, -365); d < referenceDate; d = addDays(d, 1)) if (isBusinessDay(d, closed)) out.push(d);
  return out;
}

/** Government paper first (the most traded), then a deterministic shuffle of the rest. */
function pickLiquid(bonds: readonly TapeBond[], size: SeedSize, referenceDate: string): TapeBond[] {
  const live = bonds.filter((b) => b.instrument.isListed && (b.instrument.maturityDate ?? '9999') > addDays(referenceDate, 30));
  const government = live.filter((b) => b.instrument.securityType === 'GSEC' || b.instrument.securityType === 'SDL');
  const rest = createRng('tape:pick').shuffle(live.filter((b) => !government.includes(b)));
  const rng = createRng('tape:mix');
  // Mostly corporates (where the finder's users look), with a steady share of G-secs and SDLs.
  const govShare = Math.round(TAPE_PLAN[size].bonds * 0.25);
  return [...rng.shuffle(government).slice(0, govShare), ...rest].slice(0, TAPE_PLAN[size].bonds);
}

function tradesOf(
  bond: TapeBond,
  active: boolean,
  days: readonly string[],
  market: readonly number[],
  closed: ReadonlySet<string>,
  rng: Rng,
): Trade[] {
  const row = { ...bond.instrument, id: bond.id, issuerId: 0, finstrumentType: 'Bond' } as FinstrumentRow;
  const government = ['GSEC', 'SDL', 'TBILL'].includes(row.securityType);
  const basis = (rng.next() - 0.5) * 0.003;
  const out: Trade[] = [];
  days.forEach((date, day) => {
    if (!rng.chance(active ? 0.6 : 0.06)) return;
    const settles = addBusinessDays(date, 1, closed);
    const terms = termsFor(row, settles);
    if (!terms.ok || terms.terms.issueDate! > date) return;
    const fair = fairYield({ securityType: row.securityType, grade: bond.grade, tenorYears: yearsBetween(settles, terms.pricedToDate) });
    for (let n = rng.int(1, active ? 4 : 2); n > 0; n--) {
      const y = Number((fair + basis + market[day]! + (rng.next() - 0.5) * 0.0006).toFixed(6));
      let price: number;
      try {
        price = cleanPriceFromYield(terms.terms, settles, y);
      } catch {
        return;
      }
      const target = rng.pick(government ? GOVERNMENT_SIZES : CORPORATE_SIZES);
      const minutes = rng.int(9 * 60 + 15, 15 * 60 + 29);
      const at = `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00+05:30`;
      out.push({
        id: bond.id,
        at,
        date,
        settles,
        quantity: Math.max(1, Math.round(target / row.faceValue)) * row.faceValue,
        price: price.toFixed(4),
        yield: y.toFixed(6),
        exchange: rng.chance(0.65) ? 'NSE' : 'BSE',
      });
    }
  });
  return out;
}

/** Inserts the tape for `bonds`; returns the number of trades. */
export async function seedTradeTape(
  db: DbOrTx,
  bonds: readonly TapeBond[],
  size: SeedSize,
  referenceDate: string,
  closed: ReadonlySet<string>,
): Promise<number> {
  const days = tradingDays(referenceDate, closed);
  // The market's common move: a bounded random walk of a couple of basis points a day.
  const walk = createRng('tape:market');
  const market: number[] = [];
  for (let i = 0, level = 0; i < days.length; i++)
    market.push((level = Math.max(-0.004, Math.min(0.004, level + (walk.next() - 0.5) * 0.0004))));
  const trades = pickLiquid(bonds, size, referenceDate).flatMap((bond, i) =>
    tradesOf(bond, i < TAPE_PLAN[size].active, days, market, closed, createRng(`tape:${bond.instrument.isin}`)),
  );
  for (let from = 0; from < trades.length; from += INSERT_CHUNK) await insertChunk(db, trades.slice(from, from + INSERT_CHUNK));
  return trades.length;
}

// One statement per chunk with nine array parameters (joined text, split in SQL): fast on PGlite and PostgreSQL alike.
async function insertChunk(db: DbOrTx, chunk: readonly Trade[]): Promise<void> {
  const col = (pick: (t: Trade) => string | number) => chunk.map(pick).join(',');
  await db.execute(sql`
    insert into market_trades (finstrument_id, traded_at, trade_date, settlement_date, quantity, clean_price, yield, exchange, source)
    select *, 'TAPE' from unnest(
      string_to_array(${col((t) => t.id)}, ',')::int[], string_to_array(${col((t) => t.at)}, ',')::timestamptz[],
      string_to_array(${col((t) => t.date)}, ',')::date[], string_to_array(${col((t) => t.settles)}, ',')::date[],
      string_to_array(${col((t) => t.quantity)}, ',')::bigint[], string_to_array(${col((t) => t.price)}, ',')::numeric[],
      string_to_array(${col((t) => t.yield)}, ',')::numeric[], string_to_array(${col((t) => t.exchange)}, ',')::text[])`);
}
