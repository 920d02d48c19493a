/**
 * One process owns an embedded data directory. Two PGlite instances on one directory each hand
 * out the same ids and overwrite each other's pages, losing acknowledged writes; so the opener
 * takes `<dir>.lock` (created exclusively, holding its pid) and keeps it until it closes. A lock
 * whose process has died is stale and taken over; a live holder makes the start fail at once.
 */
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { StartupError } from '../startupError.js';

export interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Lock files this process holds: its own pid in a lock it does not hold is a previous incarnation's. */
const held = new Set<string>();
/** A take-over guard older than this was left by a start that died half-way. */
const GUARD_STALE_MS = 30_000;

export const lockPathOf = (dir: string) => `${dir}.lock`;

/** Takes the lock of `dir` or throws a StartupError naming the directory and the holder. */
export function lockDataDir(dir: string): DataDirLock {
  const path = lockPathOf(dir);
  // The first start on a new DATA_DIR: the lock sits beside the directory, in DATA_DIR itself.
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(path, { pid: process.pid, host: hostname(), since: new Date().toISOString() })) {
      held.add(path);
      return { path, release: () => release(path) };
    }
    const holder = readHolder(path);
    if (holder && isAlive(holder, path)) throw inUse(dir, holder);
    takeOverStale(path, holder);
  }
  throw new StartupError(`Could not lock the data directory ${dir}: another server keeps taking ${path}.`);
}

/** The holder of `dir`'s lock when a live process holds it, else null. */
export function lockHolderOf(dir: string): LockHolder | null {
  const path = lockPathOf(dir);
  const holder = readHolder(path);
  return holder && isAlive(holder, path) ? holder : null;
}

export function inUse(dir: string, holder: LockHolder): StartupError {
  return new StartupError(
    `The data directory ${dir} is in use by another Kosh process (pid ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
      'Only one server may run on a data directory: stop that process, or give this one its own DATA_DIR.',
  );
}

function tryCreate(path: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readHolder(path: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockHolder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, host: String(parsed.host), since: String(parsed.since) } : null;
  } catch {
    // Gone meanwhile, or cut short by a crash between create and write: nobody holds it.
    return null;
  }
}

function isAlive(holder: LockHolder, path: string): boolean {
  // A process on another host (a shared volume) cannot be checked from here: assume it runs.
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return held.has(path);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock under a guard file, and only if it still names the dead holder: two starts
 * taking over at once must not remove the lock the faster one has just created.
 */
function takeOverStale(path: string, stale: LockHolder | null): void {
  const guard = `${path}.takeover`;
  removeIfOlderThan(guard, GUARD_STALE_MS);
  if (!tryCreate(guard, { pid: process.pid, host: hostname(), since: new Date().toISOString() })) return;
  try {
    const current = readHolder(path);
    if (current?.pid === stale?.pid && current?.since === stale?.since) unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  } finally {
    unlinkSync(guard);
  }
}

function removeIfOlderThan(path: string, ms: number): void {
  try {
    if (Date.now() - statSync(path).mtimeMs > ms) unlinkSync(path);
  } catch {
    // No guard: nothing to remove.
  }
}

function release(path: string): void {
  if (!held.delete(path)) return;
  try {
    unlinkSync(path);
  } catch {
    // Removed by hand meanwhile: nothing left to release.
  }
}
