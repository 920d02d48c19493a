/** `npm run db:seed`: migrates, then loads the demo data unless it is already there. */
import { systemClock } from '../../shared/clock.js';
import { formatLogins, seedOnce } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate(config.migrationsDir);
const started = Date.now();
const { record, seededNow } = await seedOnce(database, config, systemClock);
await database.close();
process.stdout.write(
  seededNow
    ? `Seeded ${JSON.stringify(record.counts)} in ${Date.now() - started} ms\n`
    : `Already seeded on ${record.seededAt}; nothing to do\n`,
);
process.stdout.write(`${formatLogins(record, config.demoPassword)}\n`);
