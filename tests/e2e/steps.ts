/** Steps several end-to-end specs share: signing in as a demo user, and narrowing the finder to bonds the calculator can price. */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'kosh-demo-2026';

/** Submits the login form; the caller checks the outcome. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in and waits until the signed-in header shows. */
export async function signIn(page: Page, email: string) {
  await submitSignIn(page, email);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

/** On /find: AAA bonds maturing in 3–5 years, each filter seen to change the count. */
export async function findAaaThreeToFiveYears(page: Page) {
  await page.goto('/find');
  const total = page.getByTestId('find-total');
  await expect(total).toContainText('bonds');
  const before = await total.textContent();
  await page.getByRole('group', { name: 'Credit rating' }).getByText('AAA', { exact: true }).click();
  await expect(total).not.toHaveText(before ?? '');
  const afterRating = await total.textContent();
  await page.getByRole('group', { name: 'Time to maturity' }).getByText('3-5Y', { exact: true }).click();
  await expect(total).not.toHaveText(afterRating ?? '');
  await expect(page.locator('.ag-row').first()).toBeVisible();
}

/** A bond as the finder lists it (the fields the trading specs use). */
export interface ListedBond {
  id: number;
  identifiers: { ISIN: string };
  display_name: string;
  contract_parameters: { face_value: number; maturity_date: string };
}

/** The Authorization header of a demo user, for API calls beside the browser. */
export async function bearer(request: APIRequestContext, email: string) {
  const response = await request.post('/api/token/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBe(true);
  return { Authorization: `Bearer ${((await response.json()) as { access: string }).access}` };
}

/** A listed bond the engine prices by yield for `settlementDelta`, maturing well after settlement. */
export async function priceableBond(
  request: APIRequestContext,
  headers: Record<string, string>,
  settlementDelta: number,
): Promise<ListedBond> {
  const list = await request.post('/api/client-finstrument-list/', {
    data: { pagination_params: { limit: 40 }, category_values: { keyword_string: 'finance' } },
  });
  const bonds = ((await list.json()) as { results: ListedBond[] }).results.filter(
    (b) => b.contract_parameters.maturity_date > '2029-01-01',
  );
  for (const bond of bonds) {
    const quote = await request.post(`/api/quote/${bond.id}/`, {
      headers,
      data: { bond_yield: 0.0825, settlement_delta: settlementDelta },
    });
    if (quote.ok() && ((await quote.json()) as { price: { unit_clean_price: number | null } }).price.unit_clean_price !== null) return bond;
  }
  throw new Error('no listed bond the engine can price');
}
