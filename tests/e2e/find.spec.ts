import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { findAaaThreeToFiveYears, signIn } from './steps';

const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));
/** The dark grid theme's background (src/client/ui/grid.ts, #252a31). */
const DARK_GRID_BACKGROUND = 'rgb(37, 42, 49)';
mkdirSync(screens, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => {
    if (!localStorage.getItem('kosh.theme')) localStorage.setItem('kosh.theme', 'light');
  });
});

async function screenshotBothThemes(page: Page, name: string) {
  // The header is sticky: a full-page capture from a scrolled page would paint it mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screens}/${name}-light.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  // The grid takes its dark theme in the next render; wait for it rather than for a fixed time.
  const grid = page.locator('.ag-root-wrapper');
  if (await grid.count()) await expect(grid.first()).toHaveCSS('background-color', DARK_GRID_BACKGROUND);
  await page.screenshot({ path: `${screens}/${name}-dark.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
}

test('find is public: facets with counts and a grid of bonds', async ({ page }) => {
  await page.goto('/find');
  await expect(page.getByRole('group', { name: 'Credit rating' })).toBeVisible();
  await expect(page.locator('.ag-row').first()).toBeVisible();
  await expect(page.getByTestId('find-total')).toContainText('bonds');
});

test('find → filter by rating and maturity → open a bond → calculator yield ↔ price → IM download', async ({ page }) => {
  await signIn(page, 'clientdealer@arihant.demo');
  await findAaaThreeToFiveYears(page);
  await screenshotBothThemes(page, 'find');

  await page.locator('.ag-row').first().click();
  await expect(page).toHaveURL(/\/security\/\d+$/);
  await expect(page.getByRole('region', { name: 'Terms' })).toBeVisible();

  const calculator = page.locator('.kosh-pricing-input');
  const value = calculator.locator('.kosh-pricing-input__field input');
  await value.fill('7.5');
  await expect(calculator).toHaveAttribute('data-fixed-field', 'yield');
  await expect(calculator.getByTestId('clean-price')).toHaveText(/^\d+\.\d{4}$/);
  await value.fill('99.5');
  await expect(calculator).toHaveAttribute('data-fixed-field', 'price');
  await expect(calculator.getByTestId('bond-yield')).toHaveText(/^\d+\.\d{4}%$/);
  await value.fill('7.25');
  await expect(calculator).toHaveAttribute('data-fixed-field', 'yield');
  await expect(page.getByRole('region', { name: 'Cashflows' }).locator('table')).toBeVisible();

  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Information memorandum (PDF)' }).click();
  const download = await downloadEvent;
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText('Congratulations! You have downloaded the IM successfully')).toBeVisible();
  await screenshotBothThemes(page, 'security');
});
