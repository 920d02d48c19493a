/** The accept dialog's totals to the paisa, and the upload dialog's row report, from what the server sends. */
import { describe, expect, it } from 'vitest';
import { totalFor } from './considerationTotals';
import { rowProblems } from './uploadReport';

describe('deal totals', () => {
  it('the buyer pays consideration and stamp duty, exactly in paise; the seller receives the consideration', () => {
    const figures = { consideration: '104463342.47', stamp_duty: '104.46' };
    expect(totalFor('BUY', figures)).toBe('104463446.93');
    expect(totalFor('SELL', figures)).toBe('104463342.47');
    // Float addition would give 0.30000000000000004 here.
    expect(totalFor('BUY', { consideration: '0.1', stamp_duty: '0.2' })).toBe('0.30');
    expect(totalFor('BUY', { consideration: '99999999999.99', stamp_duty: '0.01' })).toBe('100000000000.00');
  });
});

describe('upload row report', () => {
  it('reads rows with per-field errors, or single messages, in row order', () => {
    expect(rowProblems({ rows: [{ row: 4, errors: { quantum: 'Cannot be zero' } }, { row: 2, field: 'isin', message: 'No such bond' }] })).toEqual([
      { row: 2, field: 'isin', message: 'No such bond' },
      { row: 4, field: 'quantum', message: 'Cannot be zero' },
    ]);
  });

  it('reads dotted field keys, and finds nothing in a body without rows', () => {
    expect(rowProblems({ fields: { 'rows.3.yield_stored': 'Yield above 100%', '1': 'Row is empty', file: 'x' } })).toEqual([
      { row: 1, field: '', message: 'Row is empty' },
      { row: 3, field: 'yield_stored', message: 'Yield above 100%' },
    ]);
    expect(rowProblems({ code: 'NOT_FOUND', message: 'Not Found' })).toEqual([]);
    expect(rowProblems('oops')).toEqual([]);
  });
});
