/**
 * The dart dashboard in a real browser against the demo server: a dealer sees every panel, an
 * offer posted through the API by another client's dealer appears in their public runs live (no
 * reload) and a change to it flashes in place; selecting it selects its bond and enables only the actions another client's quote
 * allows; the layout a dealer rearranges survives a reload. Screenshots light and dark.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './steps';

const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));
mkdirSync(screens, { recursive: true });
const PANELS = ['Public runs', 'Private runs', 'RFQ quotes', 'My quotes', 'Negotiations', 'Depth', 'Build Network'];

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => {
    if (!localStorage.getItem('kosh.theme')) localStorage.setItem('kosh.theme', 'light');
  });
});

async function accessToken(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** Posts an offer by yield on the first listed bond the engine can price; answers the EOI. */
async function postOffer(request: APIRequestContext, token: string): Promise<{ id: number; bond_name: string; isin: string }> {
  const list = await request.post('/api/client-finstrument-list/', {
    data: { pagination_params: { limit: 30 }, category_values: { keyword_string: 'finance' } },
  });
  const bonds = ((await list.json()) as { results: { id: number; contract_parameters: { face_value: number } }[] }).results;
  for (const bond of bonds) {
    const created = await request.post('/api/trade/eoi/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { finstrument_id: bond.id, quantum: bond.contract_parameters.face_value * 10, yield_stored: 0.0825, quote_type: 'ASK' },
    });
    if (created.status() === 201) return (await created.json()) as { id: number; bond_name: string; isin: string };
  }
  throw new Error('no listed bond could be quoted');
}

/** Presses the mouse on `from`'s centre, moves it in steps to `to`'s centre and releases it there. */
async function dragFromTo(page: Page, from: Locator, to: Locator) {
  const [a, b] = [(await from.boundingBox())!, (await to.boundingBox())!];
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

async function screenshotBothThemes(page: Page, name: string) {
  await page.screenshot({ path: `${screens}/${name}-light.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expect(page.locator('.ag-root-wrapper').first()).toHaveCSS('background-color', 'rgb(37, 42, 49)');
  await page.screenshot({ path: `${screens}/${name}-dark.png`, fullPage: true, animations: 'disabled' });
  await page.getByTestId('theme-toggle').first().click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
}

test("a dealer sees every panel and another client's offer arrives live; the bond follows the selection", async ({ page, request }) => {
  await signIn(page, 'clientdealer@arihant.demo');
  await page.goto('/dart');
  for (const title of PANELS) await expect(page.getByRole('region', { name: title }).first()).toBeVisible();
  await expect(page.getByTestId('live-badge')).toHaveText('Live');
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });

  const token = await accessToken(request, 'clientdealer@vasuki.demo');
  const offer = await postOffer(request, token);
  const publicRuns = page.getByRole('region', { name: 'Public runs' }).first();
  const row = publicRuns.locator(`.ag-row[row-id="${offer.id}"]`);
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText(offer.isin);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The owner re-prices it: the row takes the new yield in place, and the changed cell flashes.
  const yieldCell = row.locator('[col-id="yield_stored"]');
  await expect(yieldCell).toHaveText('8.2500%');
  const updated = await request.put(`/api/eoi/update/${offer.id}/`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { yield_stored: 0.083 },
  });
  expect(updated.status()).toBe(200);
  await expect(yieldCell).toHaveClass(/ag-cell-data-changed/, { timeout: 10_000 });
  await expect(yieldCell).toHaveText('8.3000%');
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // Keyboard first: Alt+1 jumps into the first panel's grid, and the focused row selects its bond.
  await expect(page.getByTestId('selected-bond')).toHaveText('No bond selected');
  await page.keyboard.press('Alt+1');
  await expect(publicRuns.locator('.ag-cell-focus')).toHaveCount(1);
  await expect(page.getByTestId('selected-bond')).not.toHaveText('No bond selected');

  await row.locator('[col-id="bond_name"]').click();
  await expect(page.getByTestId('selected-bond')).toContainText(offer.isin);
  // Another client's live quote: respond is allowed, expiring or closing it is not.
  await expect(publicRuns.getByRole('button', { name: 'Respond' })).toBeEnabled();
  await expect(publicRuns.getByRole('button', { name: 'Expire' })).toBeDisabled();
  await screenshotBothThemes(page, 'dart');
});

test('the layout a dealer rearranges is kept for them across a reload', async ({ page }) => {
  await signIn(page, 'clientdealer@vasuki.demo');
  await page.goto('/dart');
  const titles = page.locator('.kosh-dock__title');
  await expect(titles.first()).toHaveText('Public runs');
  await page.getByRole('button', { name: 'Move Public runs later' }).click();
  await expect(titles.nth(1)).toHaveText('Public runs');
  await page.getByRole('button', { name: /^Resize Depth/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.reload();
  await expect(titles.first()).toHaveText('Private runs');
  await expect(page.locator('[data-panel="depth"]')).toHaveAttribute('style', /span 5/);
  await page.getByRole('button', { name: 'Reset layout' }).click();
  await expect(titles.first()).toHaveText('Public runs');

  // With the mouse (every panel on screen): drag a title onto another panel, and the corner handle a column narrower.
  await page.setViewportSize({ width: 1280, height: 1300 });
  await dragFromTo(page, page.locator('[data-panel="network"] .kosh-dock__title'), page.locator('[data-panel="publicRuns"]'));
  await expect(titles.first()).toHaveText('Build Network');
  const handle = page.getByRole('button', { name: /^Resize Depth/ });
  await handle.scrollIntoViewIfNeeded();
  const box = (await handle.boundingBox())!;
  const column = (await page.locator('.kosh-dock').evaluate((grid) => grid.clientWidth)) / 12;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - column, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(page.locator('[data-panel="depth"]')).toHaveAttribute('style', /span 3/);
  await page.reload();
  await expect(titles.first()).toHaveText('Build Network');
  await expect(page.locator('[data-panel="depth"]')).toHaveAttribute('style', /span 3/);
});
