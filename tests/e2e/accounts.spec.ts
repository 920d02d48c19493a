import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { submitSignIn } from './steps';

const screens = fileURLToPath(new URL('../../test-results/screens', import.meta.url));

// Screenshots are taken in the light theme, whatever the machine prefers.
test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.addInitScript(() => localStorage.setItem('kosh.theme', 'light'));
});

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The first link in the newest e-mail to `recipient`, as a path on this server. */
async function linkFromOutbox(page: Page, recipient: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await page.request.get('/api/dev/outbox/');
      const messages = (await outbox.json()).results as { recipient: string; body: string }[];
      const body = messages.find((m) => m.recipient === recipient && m.body.includes(pathPart))?.body;
      link = body ? /(https?:\/\/\S+)/.exec(body)?.[1] : undefined;
      return link;
    })
    .toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('forgot password → reset link from the outbox → sign in with the new password', async ({ page }) => {
  const email = 'user@vasuki.demo';
  const newPassword = 'river-bond-7781';
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.locator('#forgot-email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.screenshot({ path: `${screens}/forgot-password.png` });
  await page.locator('#forgot-email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If this email belongs to an account');
  await page.screenshot({ path: `${screens}/forgot-password-sent.png` });

  await page.goto(await linkFromOutbox(page, email, '/auth/reset-password'));
  await page.locator('#reset-password1').fill(newPassword);
  await page.locator('#reset-password2').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The two password fields didn’t match.')).toBeVisible();
  await page.screenshot({ path: `${screens}/reset-password.png` });
  await page.locator('#reset-password2').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${screens}/reset-password-done.png` });
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(newPassword);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dart$/);
});

test('a reset link without its token says so', async ({ page }) => {
  await page.goto('/auth/reset-password?uid=3');
  await expect(page.getByRole('heading', { name: 'Invalid reset link' })).toBeVisible();
  await page.screenshot({ path: `${screens}/reset-password-invalid.png` });
});

test('OpsAdmin invites → the invitee registers from the e-mailed link → signs in and lands on /dart', async ({ page }) => {
  const email = 'newdealer@arihant.demo';
  const password = 'new-dealer-pass-42';
  await submitSignIn(page, 'clientopsadmin@arihant.demo');
  await expect(page).toHaveURL(/\/dart$/);
  await page.goto('/manage-users');
  await expect(page.getByTestId('users-grid').getByText('clientdealer@arihant.demo')).toBeVisible();
  await page.screenshot({ path: `${screens}/manage-users.png`, fullPage: true });

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Neha');
  await dialog.getByLabel('Last name').fill('Varma');
  await dialog.getByRole('checkbox', { name: 'Dealer' }).check({ force: true });
  await page.screenshot({ path: `${screens}/manage-users-invite.png` });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Invited')).toBeVisible();

  const link = await linkFromOutbox(page, email, '/client/register');
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.locator('#register-email')).toHaveValue(email);
  await expect(page.locator('#register-first-name')).toHaveValue('Neha');
  await page.locator('#register-pan').fill('abcde1234');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter a valid PAN (10 Digits)')).toBeVisible();
  await expect(page.getByText('Please enter a valid Phone number.')).toBeVisible();
  await page.locator('#register-pan').fill('ABCDE1234F');
  await page.locator('#register-mobile').fill('9876501234');
  await page.locator('#register-password').fill(password);
  await page.screenshot({ path: `${screens}/register.png`, fullPage: true });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dart$/);

  // The link is used up: opening it again shows the invalid-invitation screen.
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invitation URL invalid' })).toBeVisible();
  await page.screenshot({ path: `${screens}/register-invalid.png` });
});

test('OpsAdmin changes the roles of a user in the grid, then revokes the invitation', async ({ page }) => {
  const email = 'roles.check@arihant.demo';
  await submitSignIn(page, 'clientopsadmin@arihant.demo');
  await expect(page).toHaveURL(/\/dart$/);
  await page.goto('/manage-users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByLabel('First name').fill('Roshni');
  await invite.getByLabel('Last name').fill('Das');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search users' }).fill('roles.check');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'clientdealer@arihant.demo' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Change roles' }).click();
  const edit = page.getByRole('dialog', { name: 'Change roles' });
  await edit.getByRole('checkbox', { name: 'Viewer' }).check({ force: true });
  await edit.getByRole('checkbox', { name: 'Basic' }).uncheck({ force: true });
  await page.screenshot({ path: `${screens}/manage-users-roles.png` });
  await edit.getByRole('button', { name: 'Save roles' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText('Viewer')).toBeVisible();
  await expect(row.getByText('Basic')).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke invite' }).click();
  await page.screenshot({ path: `${screens}/manage-users-revoke.png` });
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke invite' }).click();
  await expect(page.getByText('Invitation revoked')).toBeVisible();
});

test('an OpsAdmin cannot change their own roles: the refusal shows as a toast', async ({ page }) => {
  await submitSignIn(page, 'clientopsadmin@vasuki.demo');
  await expect(page).toHaveURL(/\/dart$/);
  await page.goto('/manage-users');
  const row = page.getByRole('row').filter({ hasText: 'clientopsadmin@vasuki.demo' });
  await row.getByRole('button', { name: 'Change roles' }).click();
  const edit = page.getByRole('dialog', { name: 'Change roles' });
  await edit.getByRole('checkbox', { name: 'Viewer' }).check({ force: true });
  await edit.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText('You cannot change your own roles. Ask another OpsAdmin.')).toBeVisible();
});

test('profile, client profile and exchange credentials pages', async ({ page }) => {
  await submitSignIn(page, 'clientopsadmin@arihant.demo');
  await expect(page).toHaveURL(/\/dart$/);

  await page.goto('/profile');
  await expect(page.getByText('clientopsadmin@arihant.demo')).toBeVisible();
  await expect(page.getByText('OpsAdmin', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${screens}/profile.png`, fullPage: true });

  await page.goto('/client/profile');
  await expect(page.getByRole('form', { name: 'Edit client profile' })).toBeVisible();
  await page.locator('#client-website').fill('not a website');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter a valid website.')).toBeVisible();
  await page.locator('#client-website').fill('arihant.example.com');
  await page.locator('#client-state').selectOption('Gujarat');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Client profile saved')).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: 'Gujarat' })).toBeVisible();
  await page.screenshot({ path: `${screens}/client-profile.png`, fullPage: true });

  await page.goto('/exchange-credentials');
  const nsccl = page.getByTestId('credentials-NSCCL');
  await nsccl.getByRole('button', { name: /NSCCL credentials/ }).click();
  await expect(nsccl.getByText('Participant code is required')).toBeVisible();
  await nsccl.getByLabel('Participant code').fill('NCL1234');
  await nsccl.getByLabel('Username').fill('arihant-ops');
  await nsccl.getByLabel('Password').fill('s3cret-value');
  await nsccl.getByRole('button', { name: /NSCCL credentials/ }).click();
  await expect(page.getByText('NSCCL credentials saved')).toBeVisible();
  await expect(nsccl.getByText('Credentials stored')).toBeVisible();
  await expect(nsccl.getByLabel('Password')).toHaveValue('');
  await page.screenshot({ path: `${screens}/exchange-credentials.png`, fullPage: true });
});

test('a viewer sees the client profile read-only', async ({ page }) => {
  await submitSignIn(page, 'clientviewer@vasuki.demo');
  await expect(page).toHaveURL(/\/dart$/);
  await page.goto('/client/profile');
  await expect(page.getByRole('heading', { name: 'Vasuki Wealth Partners LLP' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Edit client profile' })).toHaveCount(0);
  await page.screenshot({ path: `${screens}/client-profile-viewer.png`, fullPage: true });
});
