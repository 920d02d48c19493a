/**
 * `npm run test:e2e`: builds if needed, then runs Playwright in Debian's Chromium against the
 * built server on a free port. Without Chromium it says so loudly and skips — except in CI,
 * where a missing browser is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { buildAll } from '../../src/server/cli/buildAll';
import { buildState } from '../../src/server/cli/buildState';
import { findProjectRoot } from '../../src/server/config';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const banner = [
    '',
    '='.repeat(72),
    `  END-TO-END TESTS NOT RUN: no Chromium at ${chromium}`,
    '  Install it with:  sudo apt-get install -y chromium',
    '  (or point CHROMIUM_PATH at a Chromium binary). Never `npx playwright install`.',
    '='.repeat(72),
    '',
  ].join('\n');
  process.stderr.write(banner);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

const root = findProjectRoot();
// The end-to-end server runs in demo mode, where the machine inspector is on.
const options = { inspector: true };
if (buildState(root, options) !== 'fresh') await buildAll(root, options);

const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number };
    probe.close(() => resolve(free));
  });
});

const result = spawnSync('npx', ['playwright', 'test', '--config', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port), CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
