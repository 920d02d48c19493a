/**
 * `npm run bench`: runs every tests/bench/*.bench.ts in turn, each in its own process.
 * `npm run bench -- chat livefeed` runs only the benches whose file names contain one of the words.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv.slice(2);
const benches = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((word) => f.includes(word)))).sort();
if (benches.length === 0) {
  process.stderr.write(`No bench matches ${only.join(', ')}\n`);
  process.exit(1);
}
let failed = false;
for (const file of benches) {
  process.stdout.write(`\n== ${file}\n`);
  const result = spawnSync('npx', ['tsx', `${dir}${file}`], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
