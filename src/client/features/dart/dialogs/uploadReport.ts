/**
 * The per-row error report of a refused bulk upload (POST api/eoi/upload/ is all-or-nothing): one
 * line per problem with its row and field. Read from `rows` ([{ row, errors: { field: message } }]
 * or [{ row, field, message }]) or from dotted `fields` keys ('rows.3.quantum', '3.quantum').
 */
export interface RowProblem { row: number; field: string; message: string }

const asRecord = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null);

function fromRows(rows: unknown[]): RowProblem[] {
  return rows.flatMap((entry) => {
    const item = asRecord(entry);
    const row = Number(item?.row);
    if (!item || !Number.isInteger(row)) return [];
    const errors = asRecord(item.errors) ?? asRecord(item.fields);
    if (errors) return Object.entries(errors).map(([field, message]) => ({ row, field, message: String(message) }));
    return typeof item.message === 'string' ? [{ row, field: typeof item.field === 'string' ? item.field : '', message: item.message }] : [];
  });
}

function fromFields(fields: Record<string, unknown>): RowProblem[] {
  return Object.entries(fields).flatMap(([key, message]) => {
    const match = /^(?:rows\.)?(\d+)(?:\.(.+))?$/.exec(key);
    return match && typeof message === 'string' ? [{ row: Number(match[1]), field: match[2] ?? '', message }] : [];
  });
}

/** The row problems in a 400's body, in row order. */
export function rowProblems(data: unknown): RowProblem[] {
  const body = asRecord(data);
  if (!body) return [];
  const found = Array.isArray(body.rows) ? fromRows(body.rows) : fromFields(asRecord(body.fields) ?? {});
  return found.sort((a, b) => a.row - b.row);
}
