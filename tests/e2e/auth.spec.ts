import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'kosh-demo-2026';
const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function latestOtp(page: Page, recipient: string): Promise<string> {
  const outbox = await page.request.get('/api/dev/outbox/');
  const message = (await outbox.json()).results.find((m: { recipient: string }) => m.recipient === recipient);
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

const HOMES: [string, string][] = [
  ['clientdealer@arihant.demo', '/dart'],
  ['clientviewer@arihant.demo', '/dart'],
  ['clientopsadmin@arihant.demo', '/dart'],
  ['complianceofficer@arihant.demo', '/surveillance'],
  ['backoffice@arihant.demo', '/dart'],
  ['user@arihant.demo', '/dart'],
  ['priceoverride@arihant.demo', '/dart'],
  ['complianceofficer@vasuki.demo', '/surveillance'],
  ['clientdealer@vasuki.demo', '/dart'],
  ['clientdealer@trishul.demo', '/dart'],
];

for (const [email, home] of HOMES) {
  test(`${email} signs in and lands on ${home}`, async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, email);
    await expect(page).toHaveURL(new RegExp(`${home}$`));
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });
}

test('the login page, as a visitor sees it', async ({ page }) => {
  await page.goto('/auth/login?redirect=/dart');
  await expect(page.getByRole('heading', { name: 'Sign in to Kosh' })).toBeVisible();
  await page.screenshot({ path: `${screens}/login.png` });
});

test('a wrong password says why and stays on the login page', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'clientdealer@vasuki.demo', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('signing in from a protected page returns there; a role without access sees Access Denied', async ({ page }) => {
  await page.goto('/manage-users');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fmanage-users/);
  await signIn(page, 'clientopsadmin@vasuki.demo');
  await expect(page).toHaveURL(/\/manage-users$/);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/login?redirect=/manage-users');
  await signIn(page, 'backoffice@vasuki.demo');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.screenshot({ path: `${screens}/access-denied.png` });
});

test('OTP sign-in end to end', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('tab', { name: 'One-time password' }).click();
  await page.locator('#otp-identity').fill('clientdealer@arihant.demo');
  await page.getByRole('button', { name: 'Send one-time password' }).click();
  await expect(page.locator('#otp-code')).toBeVisible();
  await page.locator('#otp-code').fill(await latestOtp(page, 'clientdealer@arihant.demo'));
  await page.screenshot({ path: `${screens}/login-otp.png` });
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dart$/);
});

test('five wrong OTPs, then the lock-out message', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('tab', { name: 'One-time password' }).click();
  await page.locator('#otp-identity').fill('user@vasuki.demo');
  await page.getByRole('button', { name: 'Send one-time password' }).click();
  const code = await latestOtp(page, 'user@vasuki.demo');
  const wrong = code === '000000' ? '111111' : '000000';
  const input = page.locator('#otp-code');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await input.fill(wrong);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    const expected =
      attempt < 5 ? 'Incorrect OTP. Please check the code and try again.' : 'Too many incorrect attempts. Please request a new OTP.';
    await expect(page.locator('.kosh-auth__error')).toHaveText(expected);
  }
  await input.fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.locator('.kosh-auth__error')).toHaveText('Too many incorrect attempts. Please request a new OTP.');
});

test('an access token that expires mid-session is refreshed without the user noticing', async ({ page }) => {
  await page.goto('/auth/login');
  // The dashboard's first requests must be answered before the server clock jumps (see below).
  const sessionLoaded = page.waitForResponse((r) => r.url().endsWith('/api/session/') && r.status() === 200);
  await signIn(page, 'backoffice@arihant.demo');
  await expect(page).toHaveURL(/\/dart$/);
  await sessionLoaded;
  await expect(page.getByTestId('live-badge')).toHaveText('Live');
  // The access token (5 minutes) expires on the server. The live feed's socket is closed for it;
  // the dashboard's requests on reconnecting are refused (401), and the session refreshes once.
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/token/refresh/') && r.status() === 200);
  await page.request.post('/api/dev/clock/', { data: { advance_ms: 301_000 } });
  await refreshed;
  await expect(page.getByTestId('live-badge')).toHaveText('Live');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page).toHaveURL(/\/dart$/);
  // A reload restores the session from the rotated refresh cookie.
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});

test('the session refreshes on its 240 s timer while the user works', async ({ page }) => {
  // Only the browser's clock moves: the token is still valid, so nothing else is refused. (A
  // fast-forward while requests are in flight would fire their timeouts and abort them.)
  await page.clock.install();
  await page.goto('/auth/login');
  await signIn(page, 'backoffice@arihant.demo');
  await expect(page).toHaveURL(/\/dart$/);
  await expect(page.getByTestId('live-badge')).toHaveText('Live');
  const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/token/refresh/') && r.status() === 200);
  await page.clock.fastForward(240_000);
  await refreshed;
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
