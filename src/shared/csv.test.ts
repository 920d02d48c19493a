import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.js';

describe('CSV helper', () => {
  it('quotes every value and doubles inner quotes', () => {
    expect(csvField('REC 7.55% "Series II"')).toBe('"REC 7.55% ""Series II"""');
    expect(csvField(1000000)).toBe('"1000000"');
    expect(csvField(null)).toBe('""');
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves numbers as numbers', () => {
    for (const text of ['=HYPERLINK("https://evil.example","Open")', '+91 98200', '-2+3', '@SUM(A1:A9)', '\tcmd', '\r=1+1']) {
      expect(csvField(text), text).toBe(`"'${text.replaceAll('"', '""')}"`);
    }
    expect(csvField(-1250.5)).toBe('"-1250.5"');
    expect(csvField('-0.25')).toBe('"-0.25"');
    expect(csvField('Rate 7.5% = fair')).toBe('"Rate 7.5% = fair"');
    expect(toCsv([{ m: '=1+1' }], [{ header: 'Message', value: (r) => r.m }])).toBe('"Message"\r\n"\'=1+1"\r\n');
  });

  it('formats dates as YYYY-MM-DD', () => {
    expect(csvField(new Date(2031, 2, 7, 15, 30))).toBe('"2031-03-07"');
  });

  it('writes a header row and one line per row, with commas kept inside quotes', () => {
    const csv = toCsv(
      [{ name: 'NTPC, 7.35% 2030', maturity: new Date(2030, 0, 15) }],
      [
        { header: 'Bond', value: (r) => r.name },
        { header: 'Maturity', value: (r) => r.maturity },
      ],
    );
    expect(csv).toBe('"Bond","Maturity"\r\n"NTPC, 7.35% 2030","2030-01-15"\r\n');
  });
});
