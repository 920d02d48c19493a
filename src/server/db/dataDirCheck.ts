/**
 * Says what is wrong with an embedded data directory PGlite refused to open ("PGlite failed to
 * initialize properly" names neither the directory nor the cause), and what the operator does next.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startupError.js';

/** PostgreSQL's control file: its first bytes end with a CRC-32C of the bytes before it. */
const CONTROL_FILE = join('global', 'pg_control');
/** The checksum sits within the first few hundred bytes whatever the version; the rest is padding. */
const CONTROL_DATA_MAX = 1_024;
/** The identifier and version fields come first: a shorter "match" is a zeroed file, not a checksum. */
const MIN_CONTROL_DATA = 16;

/** The cause PGlite does not give, read from the files themselves. */
export function diagnoseDataDir(dir: string): string {
  const controlPath = join(dir, CONTROL_FILE);
  if (!existsSync(controlPath)) return `its control file ${CONTROL_FILE} is missing`;
  if (!hasValidChecksum(readFileSync(controlPath)))
    return `its control file ${CONTROL_FILE} is damaged (its checksum does not match its contents)`;
  return 'its files could not be read (damaged or written by another version)';
}

/** The StartupError for a data directory that would not open. */
export function damagedDataDir(dir: string): StartupError {
  return new StartupError(
    `The embedded database in ${dir} cannot be opened: ${diagnoseDataDir(dir)}.\n` +
      'To recover: stop every server on this DATA_DIR, move the directory aside (keep it for investigation), ' +
      'then restore the latest backup with `npm run db:restore -- <backup file>` and start again (README "Backups").',
  );
}

/** True when some prefix of the control data is followed by its own CRC-32C (as PostgreSQL writes it). */
function hasValidChecksum(file: Buffer): boolean {
  const limit = Math.min(CONTROL_DATA_MAX, file.length - 4);
  let crc = 0xffffffff;
  for (let length = 0; length <= limit; length++) {
    if (length >= MIN_CONTROL_DATA && length % 4 === 0 && (crc ^ 0xffffffff) >>> 0 === file.readUInt32LE(length)) return true;
    crc = step(crc, file[length]!);
  }
  return false;
}

const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

const step = (crc: number, byte: number) => (TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)) >>> 0;
