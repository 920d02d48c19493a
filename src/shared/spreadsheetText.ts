/**
 * Text bound for a spreadsheet cell (CSV and XLSX exports). A cell that starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is a formula to Excel and LibreOffice — a chat message
 * `=HYPERLINK(...)` from another firm would run in the reader's spreadsheet — so such text gets a
 * leading `'` (the OWASP rule for CSV injection). Plain numbers written as text ("-0.25") stay as
 * they are: they cannot run anything.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** `text` as it may go into a cell without being read as a formula. */
export function safeCellText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}
