/** XLSX export of loaded grid rows with exceljs (ag-grid's Excel export is Enterprise), loaded on demand. */
import { safeCellText } from '../../../shared/spreadsheetText';
import { saveBlob } from './saveBlob';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of an export: its key, header, width in grid pixels and the value of a row. */
export interface XlsxColumn<Row> {
  colId: string;
  header: string;
  width?: number | undefined;
  value: (row: Row) => string | number | null;
}

/** The workbook of `rows` under `columns` on a sheet named `sheetName`; text is never read as a formula. */
export async function buildXlsx<Row>(rows: readonly Row[], columns: readonly XlsxColumn<Row>[], sheetName: string): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.colId, width: Math.max(12, Math.round((c.width ?? 120) / 7)) }));
  sheet.getRow(1).font = { bold: true };
  const cell = (value: string | number | null) => (typeof value === 'string' ? safeCellText(value) : value);
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.colId, cell(c.value(row))])));
  return workbook.xlsx.writeBuffer();
}

/** Builds the workbook (see buildXlsx) and saves it as `fileName`. */
export async function exportXlsx<Row>(
  rows: readonly Row[],
  columns: readonly XlsxColumn<Row>[],
  fileName: string,
  sheetName = 'Bonds',
): Promise<void> {
  saveBlob(new Blob([await buildXlsx(rows, columns, sheetName)], { type: XLSX_TYPE }), fileName);
}
