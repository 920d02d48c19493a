/**
 * The storage port over the database (issue #27 item 8): with several instances on one PostgreSQL,
 * a file one instance stored must be readable through every other, so the bytes live in the
 * `stored_files` table rather than on one instance's disk. Chosen whenever the app runs on
 * PostgreSQL (DATABASE_URL); the embedded database keeps files in DATA_DIR/files.
 */
import { eq } from 'drizzle-orm';
import type { Clock } from '../../shared/clock.js';
import type { Db } from '../db/database.js';
import { storedFiles } from '../db/schema.js';
import { assertFileKey, type FileStorage } from './fileStorage.js';

export function databaseStorage(db: Db, clock: Clock): FileStorage {
  return {
    async put(key, bytes) {
      assertFileKey(key);
      // The primary key refuses a key that exists: a file is never replaced.
      await db.insert(storedFiles).values({ key, content: bytes, size: bytes.length, createdAt: clock.now() });
    },
    async get(key) {
      assertFileKey(key);
      const [row] = await db.select({ content: storedFiles.content }).from(storedFiles).where(eq(storedFiles.key, key));
      if (!row) throw new Error(`No stored file under ${key}`);
      return row.content;
    },
    async remove(key) {
      assertFileKey(key);
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}
