/**
 * The live feed in real browsers against a server this spec starts and stops itself: a roles change
 * made by an ops admin reaches the changed user's open page without a reload, a user of another
 * client stays live, and stopping the server shows "Reconnecting in N s" until a
 * restart brings the badge back to Live.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { submitSignIn } from './steps';

const root = fileURLToPath(new URL('../..', import.meta.url));
const shots = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../test-results/screens', import.meta.url));
mkdirSync(shots, { recursive: true });

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server and resolves once it says it is ready. */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_SIZE: 'small', DEMO: 'on', LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  await expect.poll(() => output, { timeout: 120_000, intervals: [250] }).toContain('is ready at');
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signedInPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, colorScheme: 'light' });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('kosh.theme', 'light'));
  await submitSignIn(page, email);
  await expect(page).toHaveURL(/\/dart$/);
  return page;
}

test.describe.configure({ timeout: 240_000 });

test('a change reaches another open page live; a stopped server shows Reconnecting until it is back', async ({ browser }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kosh-live-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let server = await startServer(dataDir, port);
  try {
    const admin = await signedInPage(browser, baseURL, 'clientopsadmin@arihant.demo');
    const changed = await signedInPage(browser, baseURL, 'user@arihant.demo');
    const otherClient = await signedInPage(browser, baseURL, 'clientdealer@vasuki.demo');
    for (const page of [admin, changed, otherClient]) await expect(page.getByTestId('live-badge')).toHaveText('Live');

    // A marker that a reload would wipe.
    await changed.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    // The refresh the server sends the changed user refetches their session profile, new roles and all.
    const refetched = changed.waitForResponse(async (r) => r.url().endsWith('/api/session/') && (await r.text()).includes('clientdealer'));

    // In-app navigation: a reload would reconnect, and the refetch its `refresh` triggers could
    // land while the roles dialog is open.
    await admin.evaluate(() => {
      window.history.pushState({}, '', '/manage-users');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(admin).toHaveURL(/\/manage-users$/);
    const row = admin.getByRole('row').filter({ hasText: 'user@arihant.demo' });
    await row.getByRole('button', { name: 'Change roles' }).click();
    const edit = admin.getByRole('dialog', { name: 'Change roles' });
    // The dialog's form is filled when it has opened: a click during the opening can be undone.
    await expect(async () => {
      await edit.getByRole('checkbox', { name: 'Dealer' }).check({ force: true, timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await edit.getByRole('button', { name: 'Save roles' }).click();
    await expect(edit).toBeHidden();

    await refetched;
    expect(await changed.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await changed.screenshot({ path: `${shots}/livefeed-changed-user.png` });
    await otherClient.screenshot({ path: `${shots}/livefeed-other-client.png` });

    await stopServer(server);
    await expect(changed.getByTestId('live-badge')).toHaveText(/^Reconnecting in \d+ s$/, { timeout: 15_000 });
    await changed.screenshot({ path: `${shots}/livefeed-reconnecting.png` });

    server = await startServer(dataDir, port);
    for (const page of [changed, otherClient]) await expect(page.getByTestId('live-badge')).toHaveText('Live', { timeout: 30_000 });
    await changed.screenshot({ path: `${shots}/livefeed-live-again.png` });
    expect(await changed.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
