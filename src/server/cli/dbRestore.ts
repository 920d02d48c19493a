/** `npm run db:restore -- <file>`: replaces the configured database with a backup (README "Backups"). */
import { resolve } from 'node:path';
import { restoreBackup } from '../backup/backup.js';
import { loadConfig } from '../config.js';
import { describeFatal } from '../startupError.js';

const file = process.argv[2];
if (!file) {
  process.stderr.write('Usage: npm run db:restore -- <backup file>\n');
  process.exit(2);
}
try {
  const config = loadConfig();
  process.stdout.write(`${await restoreBackup(config.database, resolve(file), new Date())}\n`);
} catch (error) {
  process.stderr.write(`${describeFatal(error)}\n`);
  process.exit(1);
}
