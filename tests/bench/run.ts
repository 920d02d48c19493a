/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn, each in its own process.
 * `npm run bench -- chat livefeed` runs only the benches whose file names contain one of the words.
 * With TEST_DATABASE_URL (or DATABASE_URL) each bench gets a fresh database on that server, dropped
 * afterwards: benches seed their own demo data (with their own password and size), so one left
 * by another bench would not do.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((word) => f.includes(word))))
  .sort();
if (benches.length === 0) {
  process.stderr.write(`No bench matches ${only.join(', ')}\n`);
  process.exit(1);
}
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** Runs `work` with the URL of a new, empty database on the bench's server, dropped afterwards. */
async function withFreshDatabase(work: (url: string | undefined) => void): Promise<void> {
  if (!serverUrl) {
    work(undefined);
    return;
  }
  const name = `kosh_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

let failed = false;
for (const file of benches) {
  process.stdout.write(`\n== ${file}\n`);
  await withFreshDatabase((url) => {
    const env = url ? { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: url } : process.env;
    const result = spawnSync('npx', ['tsx', `${dir}${file}`], { stdio: 'inherit', env });
    failed ||= result.status !== 0;
  });
}
process.exit(failed ? 1 : 0);
