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
  it("reads the server's rows.<row>.<field> messages in row order, and nothing else", () => {
    expect(
      rowProblems({
        code: 'VALIDATION_FAILED',
        fields: {
          'rows.4.unit_price_stored': 'Should be less than 250',
          'rows.2.non_field_errors': 'Cannot provide both price and yield',
          file: 'x',
        },
      }),
    ).toEqual([
      { row: 2, field: 'non_field_errors', message: 'Cannot provide both price and yield' },
      { row: 4, field: 'unit_price_stored', message: 'Should be less than 250' },
    ]);
    expect(rowProblems({ code: 'NOT_FOUND', message: 'Not Found' })).toEqual([]);
    expect(rowProblems('oops')).toEqual([]);
  });
});
