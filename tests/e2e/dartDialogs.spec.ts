/**
 * The trading dialogs on /dart in a real browser against the demo server: a dealer posts a bid on
 * the selected bond (B), responds to another client's offer, sees the counter dialog, accepts on
 * the consideration shown and gets the deal; expires and closes their own quotes; the upload dialog
 * refuses a file that is not CSV or XLSX; a price-override user bids at their own price. Enter
 * submits, Esc cancels. Every dialog is screenshotted light and dark.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './steps';

const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));
mkdirSync(screens, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => {
    if (!localStorage.getItem('kosh.theme')) localStorage.setItem('kosh.theme', 'light');
  });
});

async function caller(request: APIRequestContext, email: string) {
  const response = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  const headers = { Authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
  return {
    get: async <T>(url: string) => (await (await request.get(url, { headers })).json()) as T,
    post: (url: string, data: object) => request.post(url, { headers, data }),
    put: (url: string, data: object) => request.put(url, { headers, data }),
  };
}

interface Quote {
  id: number;
  bond_name: string;
  isin: string;
  quantum: number;
  unit_price_stored: number;
}

/** An offer by yield on the first listed bond the engine can price. */
async function postOffer(dealer: Awaited<ReturnType<typeof caller>>, request: APIRequestContext): Promise<Quote> {
  const list = await request.post('/api/client-finstrument-list/', {
    data: { pagination_params: { limit: 30 }, category_values: { keyword_string: 'finance' } },
  });
  const bonds = ((await list.json()) as { results: { id: number; contract_parameters: { face_value: number } }[] }).results;
  for (const bond of bonds) {
    const created = await dealer.post('/api/trade/eoi/', {
      finstrument_id: bond.id,
      quantum: bond.contract_parameters.face_value * 10,
      yield_stored: 0.0825,
      quote_type: 'ASK',
    });
    if (created.status() === 201) return (await created.json()) as Quote;
  }
  throw new Error('no listed bond could be quoted');
}

/** The page with its dialog open, light and then dark (the theme class on <body>, as the theme toggle sets it). */
async function shoot(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `${screens}/${name}-light.png`, animations: 'disabled' });
  await page.evaluate(() => document.body.classList.add('bp6-dark'));
  await page.screenshot({ path: `${screens}/${name}-dark.png`, animations: 'disabled' });
  await page.evaluate(() => document.body.classList.remove('bp6-dark'));
}

const row = (panel: Locator, id: number) => panel.locator(`.ag-row[row-id="${id}"]`);

test('a dealer bids, responds, counters and accepts through the dialogs, and ends their own quotes', async ({ page, request }) => {
  await signIn(page, 'clientdealer@arihant.demo');
  const dealerA = await caller(request, 'clientdealer@arihant.demo');
  const dealerB = await caller(request, 'clientdealer@vasuki.demo');
  const offer = await postOffer(dealerB, request);
  await page.goto('/dart');
  const publicRuns = page.getByRole('region', { name: 'Public runs' }).first();
  await expect(row(publicRuns, offer.id)).toBeVisible({ timeout: 15_000 });
  await row(publicRuns, offer.id).locator('[col-id="bond_name"]').click();
  await expect(page.getByTestId('selected-bond')).toContainText(offer.isin);

  // B: a new bid on the selected bond, priced by yield.
  await page.keyboard.press('b');
  const newBid = page.getByRole('dialog', { name: 'New bid' });
  await expect(newBid.getByLabel('Bond', { exact: true })).toHaveValue(offer.bond_name);
  await newBid.getByRole('button', { name: 'Post bid' }).click();
  await expect(newBid.getByText('This field is required')).toBeVisible();
  await newBid.getByLabel(/Quantum/).fill(String(offer.quantum));
  await newBid.locator('.kosh-pricing-input__field input').fill('8.3');
  await expect(newBid.getByTestId('clean-price')).not.toHaveText('—');
  await shoot(page, newBid, 'dialog-new-bid');
  await newBid.getByRole('button', { name: 'Post bid' }).click();
  await expect(page.getByText('Bid posted')).toBeVisible();
  await expect(newBid).toBeHidden();
  const [bid] = (await dealerA.get<{ results: Quote[] }>('/api/trade/eoi/')).results;

  // Respond to B's offer below its price.
  await row(publicRuns, offer.id).locator('[col-id="bond_name"]').click();
  await publicRuns.getByRole('button', { name: 'Respond' }).click();
  const respond = page.getByRole('dialog', { name: 'Respond to quote' });
  await respond.getByLabel('Your clean price').fill((offer.unit_price_stored - 0.25).toFixed(4));
  await shoot(page, respond, 'dialog-respond');
  // Enter in a field submits the dialog.
  await respond.getByLabel('Your clean price').press('Enter');
  await expect(page.getByText('Response sent')).toBeVisible();

  // B, the offer's owner, counters: the turn is A's.
  const cluster = (await dealerB.get<{ results: { id: number; eoi_id: number }[] }>('/api/trade/cluster/')).results.find(
    (c) => c.eoi_id === offer.id,
  )!;
  expect(
    (await dealerB.put(`/api/trade/cluster/${cluster.id}/`, { seller_price: Number((offer.unit_price_stored - 0.1).toFixed(4)) })).status(),
  ).toBe(200);
  await page.reload();
  const negotiations = page.getByRole('region', { name: 'Negotiations' }).first();
  await row(negotiations, cluster.id).locator('.ag-cell').first().click();
  await negotiations.getByRole('button', { name: 'Counter' }).click();
  const counter = page.getByRole('dialog', { name: 'Counter' });
  await counter.getByLabel(/Your bid price/).fill((offer.unit_price_stored - 0.2).toFixed(4));
  await shoot(page, counter, 'dialog-counter');
  // Moving the settlement date to a weekend is refused in the form, under the field.
  const settles = new Date(`${await counter.getByLabel('Settlement date').inputValue()}T00:00:00Z`);
  settles.setUTCDate(settles.getUTCDate() + ((6 - settles.getUTCDay() + 7) % 7 || 7));
  await counter.getByLabel('Settlement date').fill(settles.toISOString().slice(0, 10));
  await counter.getByRole('button', { name: 'Send counter' }).click();
  await expect(counter.getByText('Settlement date cannot be on a weekend.')).toBeVisible();
  await shoot(page, counter, 'dialog-counter-settlement');
  await page.keyboard.press('Escape');
  await expect(counter).toBeHidden();

  // Accept on the figures shown: the consideration to the paisa and the settlement date.
  await negotiations.getByRole('button', { name: 'Accept' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept and deal' });
  await expect(accept.locator('[data-figure="Total you pay"]')).toContainText('₹');
  await shoot(page, accept, 'dialog-accept');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText(/Deal done on (NSE|BSE)/)).toBeVisible();

  // Their own bid: expire it (the dialog is seen, then cancelled) and close it after confirming.
  const myQuotes = page.getByRole('region', { name: 'My quotes' }).first();
  await row(myQuotes, bid!.id).locator('.ag-cell').first().click();
  await myQuotes.getByRole('button', { name: 'Expire' }).click();
  const expire = page.getByRole('dialog', { name: 'Expire quote' });
  await shoot(page, expire, 'dialog-expire');
  await expire.getByRole('button', { name: 'Cancel' }).click();
  await myQuotes.getByRole('button', { name: 'Close' }).click();
  const close = page.getByRole('dialog', { name: 'Close quote' });
  await close.getByRole('button', { name: 'Close quote' }).click();
  await expect(close.getByText('Please confirm closing this quote')).toBeVisible();
  await shoot(page, close, 'dialog-close');
  await close.getByText('I confirm closing this quote').click();
  await expect(close.getByRole('checkbox', { name: 'I confirm closing this quote' })).toBeChecked();
  await close.getByRole('button', { name: 'Close quote' }).click();
  await expect(page.getByText('Quote closed')).toBeVisible();
});

test('a price-override user bids at their own price after confirming it, and the grids mark the price', async ({ page, request }) => {
  await signIn(page, 'priceoverride@arihant.demo');
  const offer = await postOffer(await caller(request, 'clientdealer@vasuki.demo'), request);
  await page.goto('/dart');
  const publicRuns = page.getByRole('region', { name: 'Public runs' }).first();
  await expect(row(publicRuns, offer.id)).toBeVisible({ timeout: 15_000 });
  await row(publicRuns, offer.id).locator('[col-id="bond_name"]').click();
  // The shortcut takes the selected bond: wait for the selection to land (a live row may move under the click).
  await expect(page.getByTestId('selected-bond')).toContainText(offer.isin);
  await page.keyboard.press('b');
  const newBid = page.getByRole('dialog', { name: 'New bid' });
  await expect(newBid.getByLabel('Bond', { exact: true })).toHaveValue(offer.bond_name);
  await newBid.getByLabel(/Quantum/).fill(String(offer.quantum));
  await newBid.locator('.kosh-pricing-input__field input').fill('8.3');
  await expect(newBid.getByTestId('clean-price')).not.toHaveText('—');
  await newBid.getByLabel('Override price (clean)').fill('97.5');
  await newBid.getByRole('button', { name: 'Post bid' }).click();
  await expect(newBid.getByText("Please confirm posting at your price instead of the engine's")).toBeVisible();
  await shoot(page, newBid, 'dialog-new-bid-override');
  await newBid.getByText("I confirm posting at my price instead of the engine's").click();
  await newBid.getByRole('button', { name: 'Post bid' }).click();
  await expect(page.getByText(/at your price 97\.5000$/)).toBeVisible();
  const myQuotes = page.getByRole('region', { name: 'My quotes' }).first();
  const marked = myQuotes.locator('.kosh-dart__overridden').first();
  await expect(marked).toHaveText('97.5000');
  await expect(marked).toHaveAttribute('title', /^Price set by a price-override user; consideration ₹/);
  await shoot(page, myQuotes, 'dart-price-override');
});

test('the upload dialog takes only a CSV or XLSX file', async ({ page }) => {
  await signIn(page, 'clientdealer@arihant.demo');
  await page.goto('/dart');
  await page.getByRole('button', { name: 'Upload quotes' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload quotes' });
  await upload.locator('input[type=file]').setInputFiles({ name: 'quotes.txt', mimeType: 'text/plain', buffer: Buffer.from('isin,side') });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload.getByText('Upload a .csv or .xlsx file')).toBeVisible();
  await shoot(page, upload, 'dialog-upload');
});
