import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

test('the machine inspector shows the session actor moving to authenticated as the user signs in', async ({ page }) => {
  await page.goto('/dev/machines');
  // Signed-in users only: the login page comes first and brings the user back.
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fdev%2Fmachines/);
  await page.locator('#signin-email').fill('clientdealer@arihant.demo');
  await page.locator('#signin-password').fill('kosh-demo-2026');
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dev\/machines$/);

  await page.getByRole('menuitem', { name: /^session/ }).click();
  const session = page.locator('[data-testid=inspected-actor][data-actor=session]');
  await expect(session.getByTestId('actor-state')).toHaveText('authenticated');
  // The diagram highlights exactly the state the actor is in.
  const highlighted = session.locator('[data-testid=machine-diagram] svg g.node.active');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toContainText('authenticated');
  // The way there, newest first: the sign-in answered, the form submitted, the start-up restore refused.
  await expect(session.getByTestId('actor-events').locator('tr td:nth-child(3)')).toContainText([
    'xstate.done.actor.signIn',
    'session.signIn',
    'xstate.error.actor.restoreSession',
    'xstate.init',
  ]);
  // The access token and the typed password never reach the page.
  await expect(session.getByTestId('actor-context')).toContainText('"access": "••• redacted"');
  await expect(session).not.toContainText('kosh-demo-2026');
  await page.screenshot({ path: `${screens}/machine-inspector.png`, fullPage: true });
});
