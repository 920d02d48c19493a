/** Exact decimal-string arithmetic for yields: shifting by powers of ten never goes through a float. */

// Also accepts an exponent, because String(number) writes tiny or huge values as 5e-7 or 1e+21.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Moves the decimal point of `text` by `shift` places (2 = ×100) and rounds half-up (away from
 * zero) to `places` decimals; undefined when `text` is not a decimal number.
 */
export function shiftDecimal(text: string, shift: number, places: number): string | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  let digits = whole + fraction;
  let point = whole.length + Number(exponent) + shift;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits = digits.padEnd(point, '0');
  const fractionDigits = digits.slice(point);
  let scaled = BigInt(digits.slice(0, point) + fractionDigits.padEnd(places, '0').slice(0, places));
  if ((fractionDigits[places] ?? '0') >= '5') scaled += 1n;
  const body = scaled.toString().padStart(places + 1, '0');
  const fixed = places > 0 ? `${body.slice(0, -places)}.${body.slice(-places)}` : body;
  // A value that rounds to zero loses its sign: '-0.0000' would only confuse.
  return sign === '-' && scaled !== 0n ? `-${fixed}` : fixed;
}
