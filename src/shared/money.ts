/**
 * Money, exact (DESIGN §4): amounts are integer paise (BigInt, so 12-digit quanta stay exact),
 * rounded half-up at the paisa; on the API an amount is an INR string with 2 decimals. One module
 * for server and client: parsing, formatting, rounding, and the Indian amounts desks type
 * (1,50,00,000; "5 cr"; "50 lakh").
 */

/** Half-up division of non-negative `n` by positive `d`. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  return (n * 2n + d) / (2n * d);
}

/** `value` as an integer count of 10^-places, half-up (from its exact decimal expansion). */
function scaled(value: number, places: number): bigint {
  const [whole = '0', frac = ''] = Math.abs(value)
    .toFixed(places + 2)
    .split('.');
  const units = divHalfUp(BigInt(whole + frac), 100n);
  return value < 0 ? -units : units;
}

/** A per-100 figure rounded to `places` decimals, as the API reports it. */
export function roundTo(value: number, places: number): number {
  return Number(scaled(value, places)) / 10 ** places;
}

/** Paise of quantum × per100 / 100, half-up; per100 is used at `places` decimals. */
export function paiseOf(quantum: number, per100: number, places: number): bigint {
  // INR = quantum × per100 / 100, so paise = quantum × per100 = quantum × units / 10^places.
  return divHalfUp(BigInt(quantum) * scaled(per100, places), 10n ** BigInt(places));
}

/** Paise as an INR string with 2 decimals ('-' for negatives), as the API sends amounts. */
export function formatPaise(paise: bigint): string {
  const abs = paise < 0n ? -paise : paise;
  return `${paise < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** An INR amount string as the API sends it ('1234.5', '-12.00') in integer paise; undefined otherwise. */
export function paiseFromInr(inr: string): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(inr.trim());
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const paise = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -paise : paise;
}

/** An API amount string in integer paise; throws on anything else (a server-side invariant). */
export function parsePaise(inr: string): bigint {
  const paise = paiseFromInr(inr);
  if (paise === undefined) throw new Error(`Not an INR amount: '${inr}'`);
  return paise;
}

const indianGrouping = new Intl.NumberFormat('en-IN');

/** Paise in Indian digit grouping with 2 decimals (5,00,00,000.00); BigInt, so never a float. */
export function formatPaiseIndian(paise: bigint): string {
  const abs = paise < 0n ? -paise : paise;
  return `${paise < 0n ? '-' : ''}${indianGrouping.format(abs / 100n)}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** An amount (an API string, or whole rupees such as a face value) for people: '₹5,00,00,000.00'; a dash when missing. */
export function formatInr(amount: string | number | null | undefined): string {
  const paise = typeof amount === 'number' ? paiseFromInr(amount.toFixed(2)) : amount == null ? undefined : paiseFromInr(amount);
  if (paise === undefined) return '—';
  const text = formatPaiseIndian(paise);
  return text.startsWith('-') ? `-₹${text.slice(1)}` : `₹${text}`;
}

const LAKH = 100_000;
export const CRORE = 10_000_000;

/** Paise per unit word desks write after a number (CHAT-QUOTES.md §3.6). */
const UNIT_PAISE: ReadonlyArray<readonly [RegExp, bigint]> = [
  [/^(cr|crs|crore|crores)$/, BigInt(CRORE) * 100n],
  [/^(l|lakh|lakhs|lac|lacs)$/, BigInt(LAKH) * 100n],
];

// '₹ 1,50,00,000.50', 'Rs. 2.5 Cr', '50 lakhs', '5L', '150000': an optional currency mark, a number
// whose commas group digits (Indian 1,50,00,000 or Western 15,000,000), an optional unit word.
const AMOUNT_TEXT = /^(?:₹|rs\.?|inr)?\s*(\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*([a-z]*)$/;

/**
 * An amount as desks type it, in integer paise: digits grouped the Indian or the Western way, an
 * optional ₹/Rs mark, an optional unit (cr, crore(s), lakh(s), lac(s), L). A bare number is rupees
 * unless `bare` says crores (chat sizes, CHAT-QUOTES.md §3.6). Undefined when it is not such an
 * amount or not a whole number of paise.
 */
export function parseIndianAmount(text: string, options: { bare?: 'rupees' | 'crores' } = {}): bigint | undefined {
  const match = AMOUNT_TEXT.exec(text.trim().toLowerCase());
  if (!match) return undefined;
  const [, grouped = '', fraction = '', unitWord = ''] = match;
  const unit = unitWord
    ? UNIT_PAISE.find(([pattern]) => pattern.test(unitWord))?.[1]
    : options.bare === 'crores'
      ? BigInt(CRORE) * 100n
      : 100n;
  if (unit === undefined) return undefined;
  const scale = 10n ** BigInt(fraction.length);
  const exact = BigInt(grouped.replaceAll(',', '') + fraction) * unit;
  return exact % scale === 0n ? exact / scale : undefined;
}

/** An amount as desks type it, in whole rupees (a face value, a quantum); undefined otherwise. */
export function parseIndianRupees(text: string, options: { bare?: 'rupees' | 'crores' } = {}): number | undefined {
  const paise = parseIndianAmount(text, options);
  if (paise === undefined || paise % 100n !== 0n) return undefined;
  const rupees = paise / 100n;
  return rupees <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(rupees) : undefined;
}
