/**
 * The whole trading loop in two browsers, one dealer at arihant (A) and one at vasuki (B), neither
 * page ever reloaded: A posts a bid by yield; B sees it live and responds; each counters once; A
 * accepts on the figures shown; both see the deal and the exchange's answer. Then the same with
 * the exchange simulator told to reject: both see the rejection and A's bid is live again.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { bearer, type ListedBond as Bond, priceableBond, signIn } from './steps';

const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));
mkdirSync(screens, { recursive: true });

interface Quote {
  id: number;
  unit_price_stored: number;
  finstrument_id: number;
  status: string;
}
interface Negotiation {
  id: number;
  eoi_id: number;
}

async function dealerOn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ colorScheme: 'light' });
  await context.addInitScript(() => localStorage.setItem('kosh.theme', 'light'));
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto('/dart');
  await expect(page.getByTestId('live-badge')).toHaveText('Live');
  // Set once: a reload would lose it, so the end of the test proves nothing reloaded.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  return page;
}

const panel = (page: Page, title: string) => page.getByRole('region', { name: title }).first();
const row = (grid: Locator, id: number) => grid.locator(`.ag-row[row-id="${id}"]`);
/** A's newest live quote on the bond (other specs may have left quotes of A's before this one). */
async function newestLiveBid(request: APIRequestContext, headers: Record<string, string>, bond: Bond): Promise<Quote> {
  const mine = ((await (await request.get('/api/trade/eoi/', { headers })).json()) as { results: Quote[] }).results;
  const live = mine.filter((q) => q.finstrument_id === bond.id && q.status === 'live').sort((x, y) => y.id - x.id);
  expect(live.length).toBeGreaterThan(0);
  return live[0]!;
}
const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

async function postBidByYield(page: Page, bond: Bond) {
  await page.locator('body').press('b');
  const dialog = page.getByRole('dialog', { name: 'New bid' });
  await expect(dialog).toBeVisible();
  const search = dialog.getByPlaceholder('Search for Bonds by Name, ISIN, Issuer...');
  // With a bond selected on the page (a row clicked), B opens the bid on it; otherwise search for it.
  if ((await search.count()) > 0) {
    await search.fill(bond.identifiers.ISIN);
    await page
      .getByRole('option', { name: new RegExp(bond.identifiers.ISIN) })
      .first()
      .click();
  } else {
    await expect(dialog.getByRole('textbox', { name: 'Bond' })).toHaveValue(bond.display_name);
  }
  await dialog.getByLabel(/Quantum/).fill(String(bond.contract_parameters.face_value * 10));
  await dialog.locator('.kosh-pricing-input__field input').fill('8.25');
  await expect(dialog.getByTestId('clean-price')).not.toHaveText('—');
  await dialog.getByRole('button', { name: 'Post bid' }).click();
  await expect(page.getByText('Bid posted')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function counter(page: Page, negotiationId: number, label: RegExp, price: number) {
  const negotiations = panel(page, 'Negotiations');
  await row(negotiations, negotiationId).locator('.ag-cell').first().click();
  await negotiations.getByRole('button', { name: 'Counter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Counter' });
  await dialog.getByLabel(label).fill(price.toFixed(4));
  await dialog.getByRole('button', { name: 'Send counter' }).click();
  await expect(page.getByText('Counter sent')).toBeVisible();
}

async function acceptOnScreen(page: Page, negotiationId: number) {
  const negotiations = panel(page, 'Negotiations');
  await row(negotiations, negotiationId).locator('.ag-cell').first().click();
  await expect(negotiations.getByRole('button', { name: 'Accept' })).toBeEnabled({ timeout: 10_000 });
  await negotiations.getByRole('button', { name: 'Accept' }).click();
  const dialog = page.getByRole('dialog', { name: 'Accept and deal' });
  await expect(dialog.locator('[data-figure="Total you pay"]')).toContainText('₹');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
}

test('two dealers at two clients: bid by yield, live response, a counter each, accept, and both see the exchange confirm — then reject', async ({
  browser,
  request,
}) => {
  // Two browsers and two full negotiations: longer than one page's default budget.
  test.setTimeout(180_000);
  const aApi = await bearer(request, 'clientdealer@arihant.demo');
  const bond = await priceableBond(request, aApi, 1);
  const a = await dealerOn(browser, 'clientdealer@arihant.demo');
  const b = await dealerOn(browser, 'clientdealer@vasuki.demo');

  await postBidByYield(a, bond);
  const bid = await newestLiveBid(request, aApi, bond);

  // B sees the bid arrive without a reload, and sells into it above A's price.
  const bRuns = panel(b, 'Public runs');
  await expect(row(bRuns, bid.id)).toBeVisible({ timeout: 15_000 });
  await expect(row(bRuns, bid.id)).toContainText(bond.identifiers.ISIN);
  await row(bRuns, bid.id).locator('[col-id="bond_name"]').click();
  await bRuns.getByRole('button', { name: 'Respond' }).click();
  const respond = b.getByRole('dialog', { name: 'Respond to quote' });
  await respond.getByLabel('Your clean price').fill((bid.unit_price_stored + 0.2).toFixed(4));
  await respond.getByRole('button', { name: 'Send response' }).click();
  await expect(b.getByText('Response sent')).toBeVisible();

  // A's negotiations show B's answer live; A counters, then B counters back.
  const negotiation = (
    (await (await request.get('/api/trade/cluster/', { headers: aApi })).json()) as { results: Negotiation[] }
  ).results.find((c) => c.eoi_id === bid.id)!;
  await expect(row(panel(a, 'Negotiations'), negotiation.id)).toBeVisible({ timeout: 15_000 });
  await counter(a, negotiation.id, /Your bid price/, bid.unit_price_stored + 0.05);
  await expect(row(panel(b, 'Negotiations'), negotiation.id).locator('[col-id="price"]')).toHaveText(
    (bid.unit_price_stored + 0.05).toFixed(4),
    { timeout: 15_000 },
  );
  await counter(b, negotiation.id, /Your offer price/, bid.unit_price_stored + 0.1);

  // A accepts on the figures shown; both see the deal confirmed by the exchange.
  await acceptOnScreen(a, negotiation.id);
  await expect(a.getByText(/Deal done on (NSE|BSE)/)).toBeVisible();
  for (const page of [a, b]) {
    const done = row(panel(page, 'Negotiations'), negotiation.id);
    // The state is the exchange's answer (the Exchange column beside it may be scrolled out of a narrow panel).
    await expect(done.locator('[col-id="state"]')).toHaveText('Confirmed', { timeout: 15_000 });
  }
  await a.screenshot({ path: `${screens}/trading-loop-a-confirmed.png`, animations: 'disabled' });
  await b.screenshot({ path: `${screens}/trading-loop-b-confirmed.png`, animations: 'disabled' });

  // Again with both platforms rejecting: both see the rejection, and A's second bid is live again.
  // The exchange simulator is the venue operator's to set.
  const ops = await bearer(request, 'clientopsadmin@venue.demo');
  const tell = (reject_with: string | null) =>
    Promise.all(
      ['NSE', 'BSE'].map((platform) =>
        request.post(`/api/dev/exchanges/${platform}/`, { headers: ops, data: { reject_with, delay_ms: 0 } }),
      ),
    );
  await tell('Counterparty limit exceeded');
  try {
    await postBidByYield(a, bond);
    const second = await newestLiveBid(request, aApi, bond);
    expect(second.id).toBeGreaterThan(bid.id);
    await expect(row(bRuns, second.id)).toBeVisible({ timeout: 15_000 });
    await row(bRuns, second.id).locator('[col-id="bond_name"]').click();
    await bRuns.getByRole('button', { name: 'Respond' }).click();
    await respond.getByLabel('Your clean price').fill((second.unit_price_stored + 0.1).toFixed(4));
    await respond.getByRole('button', { name: 'Send response' }).click();
    await expect(b.getByText('Response sent').last()).toBeVisible();
    const rejected = (
      (await (await request.get('/api/trade/cluster/', { headers: aApi })).json()) as { results: Negotiation[] }
    ).results.find((c) => c.eoi_id === second.id)!;
    await expect(row(panel(a, 'Negotiations'), rejected.id)).toBeVisible({ timeout: 15_000 });
    await acceptOnScreen(a, rejected.id);
    await expect(a.getByText(/Rejected by (NSE|BSE)/)).toBeVisible();
    for (const page of [a, b]) {
      const done = row(panel(page, 'Negotiations'), rejected.id);
      await expect(done.locator('[col-id="state"]')).toHaveText('Rejected', { timeout: 15_000 });
    }
    await expect(row(bRuns, second.id)).toBeVisible({ timeout: 15_000 });
    await a.screenshot({ path: `${screens}/trading-loop-a-rejected.png`, animations: 'disabled' });
    await b.screenshot({ path: `${screens}/trading-loop-b-rejected.png`, animations: 'disabled' });
  } finally {
    await tell(null);
  }
  expect(await notReloaded(a)).toBe(true);
  expect(await notReloaded(b)).toBe(true);
});
