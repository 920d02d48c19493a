/** Multi-row inserts in chunks: one statement per chunk keeps round trips few and under PostgreSQL's 65,535-parameter limit. */

/** Rows per INSERT: 1,000 rows × the widest table's ~25 columns stays well under the limit. */
export const CHUNK_SIZE = 1_000;

/** Runs `insert` on consecutive chunks of `rows`, in order, and concatenates what each returns. */
export async function inChunks<T, R>(rows: readonly T[], insert: (chunk: T[]) => Promise<R[]>, size = CHUNK_SIZE): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(...(await insert(rows.slice(i, i + size))));
  return out;
}
