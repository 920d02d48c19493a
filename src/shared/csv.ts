/** The CSV helper of spec 02 §9: every value quoted, dates as YYYY-MM-DD, text never read as a formula. */
import { safeCellText } from './spreadsheetText.js';

export type CsvValue = string | number | boolean | Date | null | undefined;

function formatDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * One CSV field: quoted, inner quotes doubled; null and undefined become an empty quoted field.
 * Strings are neutralised against formulas; numbers, booleans and dates are written as they are.
 */
export function csvField(value: CsvValue): string {
  const text =
    value instanceof Date
      ? formatDate(value)
      : value === null || value === undefined
        ? ''
        : typeof value === 'string'
          ? safeCellText(value)
          : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** A CSV document with a header row; columns pick and label the values of each row. */
export function toCsv<Row>(rows: readonly Row[], columns: readonly { header: string; value: (row: Row) => CsvValue }[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
