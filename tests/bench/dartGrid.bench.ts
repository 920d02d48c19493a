/**
 * Dart grid benchmark: the public-runs grid holding 10,000 quotes in headless Chromium, fed 500 row
 * updates per second through the live-message bus (the socket's path into the page), frames per
 * second measured with requestAnimationFrame — updates spread over all rows, and all aimed at the rows on
 * screen (every one repaints and flashes). Beside it, the same run's baseline: the same page
 * and grid with no updates. Goal: ≥ 55 fps under updates.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';

const GOAL_FPS = 55;
const UPDATES_PER_SECOND = 500;
const SECONDS = 10;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  process.stdout.write(`dart grid bench skipped: no Chromium at ${executablePath}\n`);
  process.exit(0);
}

const outDir = mkdtempSync(join(tmpdir(), 'kosh-dart-bench-'));
await build({
  configFile: false,
  root: fileURLToPath(new URL('./dartGrid', import.meta.url)),
  plugins: [react()],
  define: { __KOSH_INSPECTOR__: 'false' },
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((request, response) => {
  const path = join(outDir, new URL(request.url ?? '/', 'http://bench').pathname.replace(/\/$/, '/index.html'));
  if (!path.startsWith(outDir) || !existsSync(path)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => window.dartBench?.ready());
  // Warm-up: the grid's first updates build its caches.
  await page.evaluate(() => window.dartBench.run(500, 2));
  const baseline = await page.evaluate((s) => window.dartBench.run(0, s), SECONDS);
  const updating = await page.evaluate(([rate, s]) => window.dartBench.run(rate, s), [UPDATES_PER_SECOND, SECONDS] as const);
  const onScreen = await page.evaluate(([rate, s]) => window.dartBench.run(rate, s, true), [UPDATES_PER_SECOND, SECONDS] as const);
  const rows = await page.evaluate(() => document.querySelectorAll('.ag-row').length);
  const line = (name: string, r: { fps: number; longFrames: number; published: number }) =>
    `${name.padEnd(28)} ${r.fps.toFixed(1).padStart(6)} fps  ${String(r.longFrames).padStart(4)} frames > 33 ms  ${(r.published / SECONDS).toFixed(0).padStart(5)} rows/s delivered`;
  process.stdout.write(`dart grid: 10,000 quotes, ${SECONDS} s each, headless Chromium (${rows} rows rendered in the viewport)\n`);
  process.stdout.write(`${line('baseline (no updates)', baseline)}\n`);
  process.stdout.write(`${line(`${UPDATES_PER_SECOND} row updates / s`, updating)}\n`);
  process.stdout.write(`${line(`${UPDATES_PER_SECOND} / s, all on screen`, onScreen)}\n`);
  process.stdout.write(
    `ratio to baseline: ${(updating.fps / baseline.fps).toFixed(2)} (all on screen: ${(onScreen.fps / baseline.fps).toFixed(2)})` +
      `  goal ≥ ${GOAL_FPS} fps: ${updating.fps >= GOAL_FPS && onScreen.fps >= GOAL_FPS ? 'met' : 'NOT met'}\n`,
  );
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}
