/** `npm run db:backup -- [file]`: a backup of the configured database (README "Backups"). */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { takeBackup } from '../backup/backup.js';
import { loadConfig } from '../config.js';
import { describeFatal } from '../startupError.js';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(
  process.argv[2] ?? join(config.dataDir, 'backups', `kosh-${stamp}.${config.database.kind === 'postgres' ? 'dump' : 'tar.gz'}`),
);
try {
  mkdirSync(dirname(file), { recursive: true });
  const how = await takeBackup(config.database, config.dataDir, file);
  process.stdout.write(`Backup written to ${file} (${how})\n`);
} catch (error) {
  process.stderr.write(`${describeFatal(error)}\n`);
  process.exit(1);
}
