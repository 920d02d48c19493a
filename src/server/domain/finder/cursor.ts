/**
 * The list's opaque keyset cursor: the sort, the last row's rank and sort key as PostgreSQL printed it,
 * its id, and the count of the first page, so the next page starts strictly after that row whatever
 * was inserted meanwhile (no duplicates, no gaps) and does not count the matches again.
 */
import { FINDER_MESSAGES, type FinderSort } from '../../../shared/contracts/finder.js';
import { AppError } from '../../errors.js';

export interface Cursor {
  s: FinderSort;
  r: number;
  k: string;
  i: number;
  n: number;
}

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The cursor in `text`, which must be for `sort` and one of its `ranks`; else a 400. */
export function decodeCursor(text: string, sort: FinderSort, ranks: number): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    const { s, r, k, i, n } = value;
    const natural = (x: unknown, below = Infinity) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < below;
    if (s === sort && typeof k === 'string' && Number.isInteger(i) && natural(r, ranks) && natural(n)) return value as Cursor;
  } catch {
    // Falls through to the 400 below: a cursor we did not issue.
  }
  throw new AppError('VALIDATION_FAILED', FINDER_MESSAGES.cursor, { 'pagination_params.cursor': FINDER_MESSAGES.cursor });
}
