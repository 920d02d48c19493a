import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

test('the landing page renders the product with the brand and its ways in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  await expect(page).toHaveTitle(/Kosh/);
  await page.screenshot({ path: `${screens}/landing.png`, fullPage: true });
});

test('an unknown path shows the 404 screen with the path', async ({ page }) => {
  await page.goto('/nope');
  await expect(page.getByText('Page not found: /nope')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the dashboard sends a logged-out visitor to the login page with the way back', async ({ page }) => {
  await page.goto('/dart');
  await expect(page).toHaveURL(/\/auth\/login\?/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dart');
  await page.screenshot({ path: `${screens}/login-redirect.png` });
});

test('an invitation link without a code shows the 410 screen', async ({ page }) => {
  await page.goto('/client/register');
  await expect(page.getByRole('heading', { name: 'Invitation URL invalid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Our Website' })).toBeVisible();
  await page.screenshot({ path: `${screens}/invite-410.png` });
});

test('the dark theme toggles and is remembered', async ({ page }) => {
  await page.goto('/privacy');
  const body = page.locator('body');
  const startsDark = await body.evaluate((el) => el.classList.contains('bp6-dark'));
  await page.getByTestId('theme-toggle').first().click();
  await expect(body).toHaveClass(startsDark ? /^(?!.*bp6-dark)/ : /bp6-dark/);
  await page.reload();
  await expect(body).toHaveClass(startsDark ? /^(?!.*bp6-dark)/ : /bp6-dark/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: `${screens}/privacy-${startsDark ? 'light' : 'dark'}.png`, fullPage: true });
});

test('public information and product pages render', async ({ page }) => {
  for (const path of [
    '/about',
    '/best-practices',
    '/chat-policy',
    '/contact',
    '/data-security',
    '/privacy',
    '/terms',
    '/product/dart',
    '/product/find',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
  }
  await page.screenshot({ path: `${screens}/product-find.png`, fullPage: true });
});

test('pages whose features come later say so honestly', async ({ page }) => {
  await page.goto('/auth/login');
  await page.locator('#signin-email').fill('complianceofficer@vasuki.demo');
  await page.locator('#signin-password').fill('kosh-demo-2026');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/surveillance$/);
  await expect(page.getByText('Surveillance is not yet available')).toBeVisible();
  await page.screenshot({ path: `${screens}/surveillance-not-yet.png` });
});
