/** Steps several end-to-end specs share: signing in as a demo user, and narrowing the finder to bonds the calculator can price. */
import { expect, type Page } from '@playwright/test';

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
