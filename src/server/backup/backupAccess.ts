/**
 * How `npm run db:backup` reaches the running server that holds the embedded database: a secret
 * made at every start, written with the server's loopback address into DATA_DIR (readable by the
 * server's own user only). Whoever can read the data directory can read the database anyway.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BackupAccess {
  /** The server's loopback URL. */
  url: string;
  token: string;
}

const accessFile = (dataDir: string) => join(dataDir, 'backup-access.json');

export const newBackupToken = () => randomBytes(32).toString('base64url');

export function writeBackupAccess(dataDir: string, access: BackupAccess): void {
  writeFileSync(accessFile(dataDir), JSON.stringify(access), { mode: 0o600 });
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    return JSON.parse(readFileSync(accessFile(dataDir), 'utf8')) as BackupAccess;
  } catch {
    return null;
  }
}

/** The loopback URL of a server listening on `host`:`port`. */
export function loopbackUrl(host: string, port: number): string {
  return host.includes(':') ? `http://[::1]:${port}` : `http://127.0.0.1:${port}`;
}
