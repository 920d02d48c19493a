/**
 * Chat between two firms in two browsers (issue #10): a dealer of Arihant and a dealer of Vasuki
 * accept the chat terms if asked, start a direct chat, send messages both ways, a buzz and a file.
 * Every view is screenshotted (E2E_SHOTS_DIR, default test-results/screens).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './steps';

const shots = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../test-results/screens', import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `chat-${name}.png`) });

// A 64×64 blue PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsCtkOaOayAi+hcEKLNXzWgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgt7SBFavn1fsAAAAABJRU5ErkJggg==',
  'base64',
);

/** Opens /chat and waits until chat is online, accepting the chat terms if they are asked for. */
async function openChat(page: Page, who: string) {
  await page.goto('/chat');
  const terms = page.getByRole('dialog', { name: 'Chat terms' });
  const online = page.getByTestId('chat-connection').filter({ hasText: 'Online' });
  await expect(terms.or(online)).toBeVisible({ timeout: 20_000 });
  if (await terms.isVisible()) {
    await shot(page, `${who}-terms`);
    await terms.getByRole('button', { name: 'Accept and start chatting' }).click();
  }
  await expect(online).toBeVisible();
}

test('two firms chat directly: messages both ways, a buzz and a file', async ({ browser }) => {
  const arihant = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const vasuki = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(arihant, 'clientdealer@arihant.demo');
  await signIn(vasuki, 'clientdealer@vasuki.demo');
  await openChat(arihant, 'arihant');
  await openChat(vasuki, 'vasuki');
  await expect(arihant.getByText('Connect with other members via direct chat, groups, broadcast lists and more')).toBeVisible();
  await shot(arihant, 'empty');

  // Arihant finds the Vasuki dealer and starts a direct chat.
  await arihant.getByRole('button', { name: 'New chat' }).first().click();
  const dialog = arihant.getByRole('dialog', { name: 'New chat' });
  await dialog.getByPlaceholder('Search people by name or firm').fill('Vasuki');
  const person = dialog.getByRole('list', { name: 'People found' }).getByRole('button').first();
  await expect(person).toContainText('Vasuki Wealth Partners LLP');
  await shot(arihant, 'new-chat');
  const vasukiName = ((await person.textContent()) ?? '').split(' · ')[0]!;
  await person.click();
  const composerA = arihant.getByRole('textbox', { name: 'Message' });
  await expect(composerA).toBeFocused();
  await composerA.fill('Offer 7.26 GS 2033 at 101.50, 5 cr');
  await composerA.press('Enter');
  await expect(arihant.getByRole('log').getByText('Offer 7.26 GS 2033 at 101.50, 5 cr')).toHaveCount(1);
  await expect(arihant.getByRole('heading', { name: vasukiName })).toBeVisible();

  // Vasuki sees the invitation, accepts it, reads the message and answers.
  await vasuki.getByRole('button', { name: 'Accept' }).click();
  await expect(vasuki.getByRole('log').getByText('Offer 7.26 GS 2033 at 101.50, 5 cr')).toBeVisible();
  const composerV = vasuki.getByRole('textbox', { name: 'Message' });
  await composerV.fill('Bid 101.45 for 5 cr');
  await composerV.press('Enter');
  await expect(arihant.getByRole('log').getByText('Bid 101.45 for 5 cr')).toBeVisible();
  await shot(vasuki, 'vasuki-channel');

  // A buzz shakes the other side's messages.
  await arihant.getByRole('button', { name: 'Buzz' }).click();
  await expect(vasuki.getByRole('log').getByText('Buzz!')).toBeVisible();
  await expect(vasuki.locator('[data-buzz="started"]')).toBeVisible();
  await shot(vasuki, 'vasuki-buzz');

  // A file: an image shows inline at both ends.
  await arihant.getByLabel('File to send').setInputFiles({ name: 'axes.png', mimeType: 'image/png', buffer: PNG });
  await expect(arihant.getByRole('img', { name: 'axes.png' })).toBeVisible();
  await expect(vasuki.getByRole('img', { name: 'axes.png' })).toBeVisible();
  await shot(arihant, 'arihant-channel');
  await shot(vasuki, 'vasuki-file');

  // The dart layout's Chat panel shows the same chat.
  await arihant.goto('/dart');
  const panel = arihant.getByRole('region', { name: 'Chat' });
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByText(vasukiName)).toBeVisible();
  // Everything Vasuki sent was read while the chat was open: no unread count is left.
  await expect(panel.getByLabel(/unread/)).toHaveCount(0);
  await panel.screenshot({ path: join(shots, 'chat-dart-panel.png') });
});
