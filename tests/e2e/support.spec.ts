import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, findAaaThreeToFiveYears, signIn } from './steps';

// Screens of the support flows, looked at by hand: kept outside the repository.
const shots = process.env.SUPPORT_SHOTS_DIR ?? fileURLToPath(new URL('../../test-results/screens/support', import.meta.url));
// A 1×1 PNG: an attachment the upload's type and content checks accept.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
  'hex',
);

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('kosh.theme', 'light'));
});

/** GETs an API path as `email` (a token of its own, beside the page's session). */
async function getAs(request: APIRequestContext, email: string, path: string) {
  const { access } = await (await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } })).json();
  return (await request.get(path, { headers: { authorization: `Bearer ${access}` } })).json();
}

test('report an issue from the bond page with an attachment and consent to share the pricing', async ({ page }) => {
  await signIn(page, 'clientdealer@arihant.demo');
  // A rated bond a few years from maturity: one the calculator can price.
  await findAaaThreeToFiveYears(page);
  await page.locator('.ag-row').first().click();
  await expect(page).toHaveURL(/\/security\/\d+$/);
  const calculator = page.getByRole('region', { name: 'Price ↔ yield calculator' });
  await calculator.locator('.kosh-pricing-input__field input').fill('7.5');
  await expect(calculator.getByTestId('clean-price')).toHaveText(/^\d+\.\d{4}$/);

  await calculator.getByRole('button', { name: 'Report issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report issue' });
  await expect(dialog.getByText('Price/yield seems incorrect')).toBeVisible();
  await expect(dialog.getByText('Call/put information seems incorrect')).toBeVisible();
  await dialog.getByText('Maturity date seems incorrect').click();
  await dialog.locator('#issue-details').fill('The maturity shown differs from the information memorandum.');
  await dialog.locator('#issue-file').setInputFiles({ name: 'maturity.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByText('Share the price, yield, quantity and settlement date I entered with support').click();
  await page.screenshot({ path: `${shots}/report-issue-dialog.png` });
  await dialog.getByRole('button', { name: 'Report' }).click();

  await expect(page.getByText('Thank you for reporting the issue. We will update you shortly via email.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: `${shots}/report-issue-toast.png` });

  const { results } = await getAs(page.request, 'clientdealer@arihant.demo', '/api/support/tickets/');
  const [ticket] = results;
  expect(ticket).toMatchObject({
    support_type: 'issue',
    form_name: 'Report issue: pricing and cashflow',
    request_type: 'REPORT_ISSUE_PRICING_AND_CASHFLOW',
    content: 'Maturity date seems incorrect\n\nThe maturity shown differs from the information memorandum.',
    file: { name: 'maturity.png', size: PNG.length },
    extra_data: { context: 'pricingAndCashflow', option: 'Maturity date seems incorrect', consent: true, pricing: { yield: 0.075 } },
  });
});

test("the inventory's premium wall: Request Upgrade files the inventory access request", async ({ page }) => {
  await signIn(page, 'clientdealer@vasuki.demo');
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Premium' })).toBeVisible();
  await expect(page.getByText('Upgrade to premium plan to start')).toBeVisible();
  await page.getByRole('button', { name: 'Request Upgrade' }).click();
  await expect(page.getByText('Your request has been noted. We will update you shortly via email.')).toBeVisible();
  await page.screenshot({ path: `${shots}/premium-wall-request-upgrade.png` });

  const { results } = await getAs(page.request, 'clientopsadmin@vasuki.demo', '/api/requests/');
  expect(results[0]).toMatchObject({
    request_type: 'REQUEST_ACCESS_INVENTORY',
    context: { page: '/inventory' },
    user: { email: 'clientdealer@vasuki.demo' },
  });
});

test('the support form from the header: a query with its toast', async ({ page }) => {
  await signIn(page, 'clientviewer@arihant.demo');
  await page.getByRole('button', { name: 'Support' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact support' });
  for (const type of ['Ask a query', 'Report issue', 'Request access', 'Provide feedback'])
    await expect(dialog.getByText(type, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please describe your request.')).toBeVisible();
  await dialog.locator('#support-content').fill('How is the accrued interest of a G-sec computed?');
  await page.screenshot({ path: `${shots}/support-form.png` });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const noted = page.getByText('Your query has been noted. We will respond shortly via email.');
  await expect(noted).toBeVisible();

  // The toast sits over the user menu at the top right, and a pointer resting on it keeps it open:
  // let it go (4 s life) before reaching for the menu.
  await expect(noted).toBeHidden({ timeout: 10_000 });
  // The requester follows the ticket's status on their profile.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile', exact: true }).click();
  const tickets = page.getByRole('region', { name: 'Support tickets' });
  await expect(tickets.getByRole('row').filter({ hasText: 'Ask a query' }).first()).toContainText('open');
  await tickets.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/profile-tickets.png` });
});

test('the public contact form: a business e-mail, then the message is noted', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.locator('#contact-name').fill('Meera Iyer');
  await form.locator('#contact-email').fill('meera@gmail.com');
  await form.locator('#contact-message').fill('Please call me about the bond finder.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Enter a valid business email')).toBeVisible();
  await page.screenshot({ path: `${shots}/contact-form-error.png` });
  await form.locator('#contact-email').fill('meera@treasuryhouse.in');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('.bp6-toast').getByText('Your message has been noted')).toBeVisible();
  await expect(form.locator('#contact-name')).toHaveValue('');
  await page.screenshot({ path: `${shots}/contact-form-noted.png` });
});
