/** XLSX export of loaded grid rows with exceljs (ag-grid's Excel export is Enterprise), loaded on demand. */
import { saveBlob } from './saveBlob';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A column of an export: its key, header, width in grid pixels and the value of a row. */
export interface XlsxColumn<Row> {
  colId: string;
  header: string;
  width?: number | undefined;
  value: (row: Row) => string | number | null;
}

/** Builds a workbook of `rows` under `columns` on a sheet named `sheetName` and saves it as `fileName`. */
export async function exportXlsx<Row>(
  rows: readonly Row[],
  columns: readonly XlsxColumn<Row>[],
  fileName: string,
  sheetName = 'Bonds',
): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.colId, width: Math.max(12, Math.round((c.width ?? 120) / 7)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.colId, c.value(row)])));
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: XLSX_TYPE }), fileName);
}
