/**
 * The per-row report of a refused bulk upload (POST api/eoi/upload/ is all-or-nothing): the 400's
 * `fields` name each bad row and field as `rows.<row>.<field>` (rows 1-based after the header).
 */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** The row problems in a 400's body, in row order. */
export function rowProblems(data: unknown): RowProblem[] {
  const fields = data && typeof data === 'object' ? (data as { fields?: unknown }).fields : undefined;
  if (!fields || typeof fields !== 'object') return [];
  return Object.entries(fields)
    .flatMap(([key, message]) => {
      const match = /^rows\.(\d+)\.(.+)$/.exec(key);
      return match && typeof message === 'string' ? [{ row: Number(match[1]), field: match[2] ?? '', message }] : [];
    })
    .sort((a, b) => a.row - b.row);
}
