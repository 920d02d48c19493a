/** XLSX export of the finder's loaded rows with exceljs (ag-grid's Excel export is Enterprise), loaded on demand. */
import type { FinderBond } from '../../../shared/contracts/finder';
import type { FindColumn } from './findColumns';
import { saveBlob } from './saveBlob';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Builds a workbook of `rows` under `columns` and saves it as `fileName`. */
export async function exportXlsx(rows: readonly FinderBond[], columns: readonly FindColumn[], fileName: string): Promise<void> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Bonds', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.colId, width: Math.max(12, Math.round((c.width ?? 120) / 7)) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.colId, c.value(row)])));
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: XLSX_TYPE }), fileName);
}
