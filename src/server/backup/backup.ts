/**
 * Backups of the configured database (README "Backups"). PostgreSQL: pg_dump / pg_restore in the
 * custom format. Embedded: a gzipped tarball of the data directory — asked of the running server
 * that holds the directory's lock (POST /api/admin/backup/), or read directly when none runs —
 * and restored only while no server runs.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { inUse, lockDataDir, lockHolderOf } from '../db/dataDirLock.js';
import { StartupError } from '../startupError.js';
import { readBackupAccess } from './backupAccess.js';

type Target = Config['database'];

/** Writes a backup of `target` to `file`; says how it was taken. */
export async function takeBackup(target: Target, dataDir: string, file: string): Promise<string> {
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${target.url}`]);
    return 'pg_dump (custom format)';
  }
  const holder = lockHolderOf(target.dir);
  if (holder) {
    writeFileSync(file, await askServer(dataDir, holder.pid));
    return `taken by the running server (pid ${holder.pid})`;
  }
  const database = await openDatabase(target);
  try {
    writeFileSync(file, Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer()));
  } finally {
    await database.close();
  }
  return 'read from the data directory (no server running)';
}

async function askServer(dataDir: string, pid: number): Promise<Buffer> {
  const access = readBackupAccess(dataDir);
  if (!access) throw new StartupError(`The server (pid ${pid}) holds the database but left no backup access in ${dataDir}.`);
  const response = await fetch(`${access.url}/api/admin/backup/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access.token}` },
  }).catch((error: unknown) => {
    throw new StartupError(`The server (pid ${pid}) did not answer the backup call at ${access.url}: ${String(error)}`);
  });
  if (!response.ok) throw new StartupError(`The server (pid ${pid}) refused the backup: ${response.status} ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Replaces the database of `target` with the backup in `file`. Embedded: only while no server
 * holds the directory; the directory it replaces is kept beside it, renamed.
 */
export async function restoreBackup(target: Target, file: string, now: Date): Promise<string> {
  if (!existsSync(file)) throw new StartupError(`No backup file ${file}.`);
  if (target.kind === 'postgres') {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${target.url}`, file]);
    return 'restored with pg_restore';
  }
  const holder = lockHolderOf(target.dir);
  if (holder) throw inUse(target.dir, holder);
  const lock = lockDataDir(target.dir);
  try {
    const kept = existsSync(target.dir) ? `${target.dir}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}` : null;
    if (kept) renameSync(target.dir, kept);
    const restored = await PGlite.create({ dataDir: target.dir, loadDataDir: new Blob([readFileSync(file)]), extensions: { pg_trgm } });
    await restored.query('select 1');
    await restored.close();
    return kept ? `restored; the replaced directory is kept as ${kept}` : 'restored';
  } finally {
    lock.release();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new StartupError(`${command} could not be run: ${error.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new StartupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}
