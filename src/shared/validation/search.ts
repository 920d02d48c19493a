/** Search gate of spec 02 §5: bond and participant searches start at 3 characters. */
import { SEARCH_MIN_CHARS } from '../constants.js';

/** True when `term` (ignoring surrounding spaces) is long enough to send a search. */
export function canSearch(term: string): boolean {
  return term.trim().length >= SEARCH_MIN_CHARS;
}
