/** ISIN (ISO 6166) check digits: 2-letter country, 9 alphanumerics, 1 Luhn check digit. */

const BODY = /^[A-Z]{2}[A-Z0-9]{9}$/;
const FULL = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** The ISO 6166 check digit of the first 11 characters of an ISIN. */
export function isinCheckDigit(first11: string): number {
  if (!BODY.test(first11)) throw new Error(`Not the first 11 characters of an ISIN: ${first11}`);
  // Letters become two digits (A=10 … Z=35) before the Luhn pass.
  const digits = [...first11].map((ch) => parseInt(ch, 36).toString()).join('');
  let sum = 0;
  // The check digit will sit to the right, so the rightmost digit here is the first doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `isin` is 12 well-formed characters with a correct check digit. */
export function isValidIsin(isin: string): boolean {
  return FULL.test(isin) && isinCheckDigit(isin.slice(0, 11)) === Number(isin[11]);
}

/** Builds an ISIN from a prefix and body that together make 11 characters, adding the check digit. */
export function makeIsin(prefix: string, body: string): string {
  const first11 = prefix + body;
  if (first11.length !== 11) throw new Error(`ISIN prefix + body must be 11 characters: ${first11}`);
  return first11 + isinCheckDigit(first11);
}
