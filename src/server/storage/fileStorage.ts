/**
 * The storage port for uploaded files (issue #10 Records and access: "stored through a storage
 * port"): bytes by key, so the database keeps only a file's key, size, type and checksum, and a
 * deployment may swap the filesystem for an object store without touching the features.
 */
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface FileStorage {
  /** Stores `bytes` under a new `key` (an existing key is an error, never replaced); resolves once they are on disk. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`; throws when there are none (a key the database holds must have its file). */
  get(key: string): Promise<Buffer>;
  /** Removes the bytes under `key`; a key with nothing stored is already removed. */
  remove(key: string): Promise<void>;
}

/** Keys are slash-separated words of letters, digits, `-` and `_`: never absolute, never `..`. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i;

/** Throws on a key every store refuses (see KEY). */
export function assertFileKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Invalid file key: ${key}`);
}

/** A new key under `prefix` (e.g. `chat/2026-11/6f1c…`): the month keeps folders small. */
export function newFileKey(prefix: string, at: Date): string {
  return `${prefix}/${at.toISOString().slice(0, 7)}/${randomUUID()}`;
}

/** Files under `root` (DATA_DIR/files by default), one file per key. */
export function filesystemStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertFileKey(key);
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error(`Invalid file key: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside, then linked in: a reader never sees half a file, a crash leaves no key
      // half-written, and linking fails rather than replace a key that exists.
      const partial = join(dirname(path), `.${randomUUID()}.partial`);
      try {
        await writeFile(partial, bytes, { flag: 'wx', flush: true });
        await link(partial, path);
      } finally {
        await rm(partial, { force: true });
      }
    },
    get: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}
