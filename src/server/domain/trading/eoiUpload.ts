/**
 * POST api/eoi/upload/: bulk quotes from a CSV (papaparse) or XLSX (exceljs) file whose header row
 * names the create payload's fields (`isin` may stand for `finstrument_id`). Every row is checked
 * with the create contract and the same domain rules as one quote; all are created in one
 * transaction (each with its event), or none, and the answer names every bad row and field.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import type { Principal } from '../../../shared/accessPolicy.js';
import {
  createEoiSchema,
  EOI_UPLOAD_MAX_ROWS,
  type EoiUploadResult,
  type EoiView,
  TRADING_MESSAGES,
  UPLOAD_MESSAGES,
} from '../../../shared/contracts/trading.js';
import type { DbOrTx } from '../../db/database.js';
import { finstruments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createEoiIn, type TradingDeps } from './eoiCommands.js';
import { checkMayOverride } from './quotePricing.js';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}
type Cells = Record<string, string>;
interface RowError {
  row: number;
  field: string;
  message: string;
}

const NUMBER_FIELDS = [
  'finstrument_id',
  'quantum',
  'unit_price_stored',
  'yield_stored',
  'settlement_delta',
  'validity',
  'end_client_id',
  'override_price',
  'origin_trade',
  'user_account_id',
];
const FLAG_FIELDS = ['anonymous', 'send_to_rfq', 'is_best', 'whatsapp_consent', 'price_overridden'];
/** Codes are matched in capitals whatever the sheet's case; the rest are taken as written. */
const CODE_FIELDS = ['quote_type', 'rfq_mode', 'exchange', 'source', 'fixed_field', 'yield_type', 'clearing_corporation', 'state'];
const TEXT_FIELDS = ['settlement', 'expiry_date_stored', 'mandate_expires_at'];

const isXlsx = (file: UploadedFile) => /\.xlsx$/i.test(file.fileName) || file.content.subarray(0, 2).toString('latin1') === 'PK';

function parseCsv(text: string): Cells[] {
  const parsed = Papa.parse<Cells>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  if (parsed.errors.some((e) => e.type === 'Delimiter' || e.type === 'Quotes'))
    throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.unreadable, { file: UPLOAD_MESSAGES.unreadable });
  return parsed.data;
}

const cellText = (value: ExcelJS.CellValue): string => {
  // A date cell is a date (settlement); one with a time of day is an instant (expiry, mandate).
  if (value instanceof Date)
    return value.getUTCHours() + value.getUTCMinutes() + value.getUTCSeconds() === 0
      ? value.toISOString().slice(0, 10)
      : value.toISOString();
  if (value !== null && typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (value !== null && typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  return value === null || value === undefined ? '' : String(value);
};

async function parseXlsx(content: Buffer): Promise<Cells[]> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.unreadable, { file: UPLOAD_MESSAGES.unreadable });
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => {
    headers[col] = cellText(cell.value).trim().toLowerCase();
  });
  const rows: Cells[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const cells: Cells = {};
    sheet.getRow(r).eachCell((cell, col) => {
      if (headers[col]) cells[headers[col]] = cellText(cell.value);
    });
    if (Object.values(cells).some((v) => v.trim() !== '')) rows.push(cells);
  }
  return rows;
}

/** A row's cells as a create payload: blank cells are left out, numbers and flags typed so the contract reports bad ones. */
function payloadOf(cells: Cells): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const value = (key: string) => cells[key]?.trim() ?? '';
  for (const key of NUMBER_FIELDS) if (value(key) !== '') out[key] = Number.isNaN(Number(value(key))) ? value(key) : Number(value(key));
  for (const key of FLAG_FIELDS)
    if (value(key) !== '')
      out[key] = ['true', 'yes', '1'].includes(value(key).toLowerCase())
        ? true
        : ['false', 'no', '0'].includes(value(key).toLowerCase())
          ? false
          : value(key);
  for (const key of CODE_FIELDS) if (value(key) !== '') out[key] = value(key).toUpperCase();
  for (const key of TEXT_FIELDS) if (value(key) !== '') out[key] = value(key);
  if (value('oto_client_id') !== '') out.oto_participant_details = { client_id: Number(value('oto_client_id')) };
  return out;
}

async function bondIdOf(tx: DbOrTx, isin: string): Promise<number | undefined> {
  const [row] = await tx.select({ id: finstruments.id }).from(finstruments).where(eq(finstruments.isin, isin.trim().toUpperCase()));
  return row?.id;
}

export async function uploadEois(deps: TradingDeps, principal: Principal, file: UploadedFile): Promise<EoiUploadResult> {
  if (!/\.(csv|xlsx)$/i.test(file.fileName))
    throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.fileType, { file: UPLOAD_MESSAGES.fileType });
  const rows = isXlsx(file) ? await parseXlsx(file.content) : parseCsv(file.content.toString('utf8'));
  if (rows.length === 0) throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });
  if (rows.length > EOI_UPLOAD_MAX_ROWS)
    throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.tooMany, { file: UPLOAD_MESSAGES.tooMany });
  const errors: RowError[] = [];
  const created: EoiView[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      for (const [i, cells] of rows.entries()) {
        const row = i + 1;
        const payload = payloadOf(cells);
        if (payload.finstrument_id === undefined && cells.isin?.trim()) {
          payload.finstrument_id = await bondIdOf(tx, cells.isin);
          if (payload.finstrument_id === undefined) {
            errors.push({ row, field: 'isin', message: TRADING_MESSAGES.bondUnknown });
            continue;
          }
        }
        const parsed = createEoiSchema.safeParse(payload);
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            errors.push({ row, field: issue.path.join('.') || 'non_field_errors', message: issue.message });
          continue;
        }
        try {
          checkMayOverride(principal, parsed.data);
          created.push(await createEoiIn(tx, deps, principal, parsed.data));
        } catch (error) {
          // Domain refusals are the row's report; anything else is a server fault and rolls back as such.
          if (!(error instanceof AppError) || error.status >= 500) throw error;
          const [field, message] = Object.entries(error.fields ?? { non_field_errors: error.message })[0] ?? [
            'non_field_errors',
            error.message,
          ];
          errors.push({ row, field, message });
        }
      }
      if (errors.length > 0) throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.rowsFailed);
    });
  } catch (error) {
    if (errors.length === 0) throw error;
    throw new AppError(
      'VALIDATION_FAILED',
      UPLOAD_MESSAGES.rowsFailed,
      Object.fromEntries(errors.map((e) => [`rows.${e.row}.${e.field}`, e.message])),
    );
  }
  return { created, errors };
}
