/** `npm run bench`: runs every tests/bench/*.bench.ts in turn, each in its own process. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
let failed = false;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  process.stdout.write(`\n== ${file}\n`);
  const result = spawnSync('npx', ['tsx', `${dir}${file}`], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
