/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate(config.migrationsDir);
await database.close();
process.stdout.write(`Migrations applied (${config.database.kind})\n`);
