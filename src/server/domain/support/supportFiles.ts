/** Support attachments in the database: stored on upload, claimed by one ticket, orphans swept. */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import { SUPPORT_UPLOAD_TTL_MS } from '../../../shared/constants.js';
import type { DbOrTx } from '../../db/database.js';
import { supportFiles, supportTickets } from '../../db/schema.js';

export type StoredFile = typeof supportFiles.$inferSelect;
const FILE_URL_PREFIX = '/api/support/files/';

/** The url a file is served at (and the form's `file_url`). */
export const fileUrlOf = (token: string) => `${FILE_URL_PREFIX}${token}`;

/** The token in a file url we issued, or undefined. */
export function tokenOfFileUrl(url: string): string | undefined {
  const token = url.startsWith(FILE_URL_PREFIX) ? url.slice(FILE_URL_PREFIX.length).replace(/\/$/, '') : '';
  return /^[A-Za-z0-9_-]{32}$/.test(token) ? token : undefined;
}

export interface NewFile {
  clientId: number;
  userId: number;
  fileName: string;
  mimeType: string;
  content: Buffer;
}

/** Stores a file and returns its token. */
export async function insertFile(tx: DbOrTx, now: Date, file: NewFile): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.insert(supportFiles).values({ ...file, token, size: file.content.length, createdAt: now });
  return token;
}

const unclaimed = () => notExists(sql`(select 1 from ${supportTickets} where ${supportTickets.fileId} = ${supportFiles.id})`);

/** Deletes the files no ticket claimed before the upload TTL ran out; returns how many. */
export async function sweepOrphanFiles(tx: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SUPPORT_UPLOAD_TTL_MS);
  const deleted = await tx
    .delete(supportFiles)
    .where(and(lte(supportFiles.createdAt, cutoff), unclaimed()))
    .returning({ id: supportFiles.id });
  return deleted.length;
}

/** The caller's own file that no ticket has claimed yet and that is still within its TTL. */
export async function findClaimableFile(tx: DbOrTx, now: Date, userId: number, token: string): Promise<StoredFile | undefined> {
  const cutoff = new Date(now.getTime() - SUPPORT_UPLOAD_TTL_MS);
  const [row] = await tx
    .select()
    .from(supportFiles)
    .where(and(eq(supportFiles.token, token), eq(supportFiles.userId, userId), gt(supportFiles.createdAt, cutoff), unclaimed()));
  return row;
}

export async function findFileByToken(tx: DbOrTx, token: string): Promise<StoredFile | undefined> {
  const [row] = await tx.select().from(supportFiles).where(eq(supportFiles.token, token));
  return row;
}
