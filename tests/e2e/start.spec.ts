import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server on `dataDir`, waits until it says it is ready, stops it, returns its output. */
async function startAndStop(dataDir: string, port: number): Promise<string> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_SIZE: 'small', DEMO: 'on', LOG_LEVEL: 'info' },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  await expect.poll(() => output, { timeout: 90_000, intervals: [250] }).toContain('is ready at');
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  expect(health.status).toBe(200);
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return output;
}

test('first start seeds and prints the demo logins; a restart reuses the data', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kosh-start-'));
  const port = await freePort();
  try {
    const first = await startAndStop(dataDir, port);
    expect(first).toContain('demo data seeded');
    expect(first).toContain('Demo logins (password: kosh-demo-2026)');
    expect(first).toMatch(/clientdealer@[a-z0-9-]+\.demo/);
    expect(first).toMatch(/complianceofficer@[a-z0-9-]+\.demo/);

    const second = await startAndStop(dataDir, port);
    expect(second).not.toContain('demo data seeded');
    expect(second).toContain('Demo logins (password: kosh-demo-2026)');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
