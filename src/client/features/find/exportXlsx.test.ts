import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, type XlsxColumn } from './exportXlsx';

interface Row {
  name: string;
  note: string;
  change: number;
}

const COLUMNS: XlsxColumn<Row>[] = [
  { colId: 'name', header: 'Bond', value: (r) => r.name },
  { colId: 'note', header: 'Note', value: (r) => r.note },
  { colId: 'change', header: 'Change', value: (r) => r.change },
];

describe('XLSX export', () => {
  it('writes text a spreadsheet would run as a formula with a leading apostrophe, and numbers as numbers', async () => {
    const rows: Row[] = [
      { name: '=HYPERLINK("https://evil.example","Open")', note: '@SUM(A1:A9)', change: -0.25 },
      { name: 'NTPC 7.35% 2030', note: '-2+3', change: 12 },
    ];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await buildXlsx(rows, COLUMNS, 'Bonds'));
    const sheet = book.getWorksheet('Bonds')!;
    const values = [2, 3].map((r) => [1, 2, 3].map((c) => sheet.getRow(r).getCell(c).value));
    expect(values).toEqual([
      [`'=HYPERLINK("https://evil.example","Open")`, "'@SUM(A1:A9)", -0.25],
      ['NTPC 7.35% 2030', "'-2+3", 12],
    ]);
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
  });
});
