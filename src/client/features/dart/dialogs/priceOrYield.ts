/** A price or a yield typed in a dialog, as the API takes it: a price per 100, a yield as a fraction. */
import { readNumber, toApiYield } from '../../../../shared/validation';

export type PriceOrYield = 'price' | 'yield';

/** The number for the API; text that is no number goes as is, so the contract names the problem. */
export function apiValue(kind: PriceOrYield, text: string): number | string | undefined {
  if (text.trim() === '') return undefined;
  const number = readNumber(text);
  if (!number) return text;
  return kind === 'yield' ? toApiYield(number.text) : number.value;
}
