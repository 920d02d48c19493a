/**
 * A trading group across three firms in three browsers (issue #10): the Arihant dealer creates it
 * and invites the Vasuki dealer and the Trishul broker; Vasuki accepts, Trishul declines (Arihant
 * alone reads 'Amit Joshi declined your request') and writes to his client Vasuki directly instead.
 * In the group: messages both ways, a buzz that shakes the receiver's messages, a PDF sent and
 * downloaded. Then Arihant bans Vasuki, who loses the group and gets nothing said in it after.
 * Every view is screenshotted (E2E_SHOTS_DIR, default test-results/screens). Group names and
 * messages carry a run tag, so the spec tolerates chats left by earlier runs.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { signIn } from './steps';

const shots = process.env.E2E_SHOTS_DIR ?? fileURLToPath(new URL('../../test-results/screens', import.meta.url));
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `chat-group-${name}.png`) });

/** The demo dealers' names as chat shows them. */
const ROHAN = 'Rohan Mehta'; // clientdealer@arihant.demo
const ADITYA = 'Aditya Hegde'; // clientdealer@vasuki.demo
const AMIT = 'Amit Joshi'; // clientdealer@trishul.demo (the broker)

/** A one-page PDF: what a dealer might send as a term sheet. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);

async function signedInPage(browser: Browser, email: string) {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, email);
  return page;
}

/** Opens /chat and waits until chat is online, accepting the chat terms if they are asked for. */
async function openChat(page: Page) {
  await page.goto('/chat');
  const terms = page.getByRole('dialog', { name: 'Chat terms' });
  const online = page.getByTestId('chat-connection').filter({ hasText: 'Online' });
  await expect(terms.or(online)).toBeVisible({ timeout: 20_000 });
  if (await terms.isVisible()) await terms.getByRole('button', { name: 'Accept and start chatting' }).click();
  await expect(online).toBeVisible();
}

/** The entry of the chat list that names this chat. */
const listed = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: 'Chats' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function send(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(page.getByRole('log').getByText(text)).toHaveCount(1);
}

test('a trading group across three firms: a decline, messages both ways, a buzz, a file and a ban', async ({ browser }) => {
  const tag = Date.now().toString(36);
  const group = `Gilts desk ${tag}`;
  const arihant = await signedInPage(browser, 'clientdealer@arihant.demo');
  const vasuki = await signedInPage(browser, 'clientdealer@vasuki.demo');
  const trishul = await signedInPage(browser, 'clientdealer@trishul.demo');
  await openChat(arihant);
  await openChat(vasuki);
  await openChat(trishul);

  // Arihant names a trading group and picks Aditya (Vasuki) and Amit (Trishul) from the people search.
  await arihant.getByRole('button', { name: 'New chat' }).first().click();
  const dialog = arihant.getByRole('dialog', { name: 'New chat' });
  await dialog.getByRole('radio', { name: 'Trading group' }).click();
  await dialog.getByLabel('Name').fill(group);
  const search = dialog.getByPlaceholder('Search people by name or firm');
  const found = dialog.getByRole('list', { name: 'People found' });
  await search.fill(ADITYA);
  await found.getByRole('checkbox', { name: `${ADITYA} · Vasuki Wealth Partners LLP` }).check({ force: true });
  await search.fill(AMIT);
  await found.getByRole('checkbox', { name: `${AMIT} · Trishul Securities Limited` }).check({ force: true });
  await expect(dialog.getByText(ADITYA, { exact: true })).toBeVisible();
  await expect(dialog.getByText(AMIT, { exact: true })).toBeVisible();
  await shot(arihant, 'arihant-new-group');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(arihant.getByRole('heading', { name: group })).toBeVisible();
  const membersA = arihant.getByRole('list', { name: 'Members' });
  await expect(membersA.getByRole('listitem').filter({ hasText: ADITYA })).toContainText('invited');
  await expect(membersA.getByRole('listitem').filter({ hasText: AMIT })).toContainText('invited');
  await expect(membersA.getByRole('listitem').filter({ hasText: ROHAN })).toContainText('operator');
  await shot(arihant, 'arihant-created');

  // Both invitees see the invitation in their list with Accept and Decline.
  const inviteV = listed(vasuki, group);
  const inviteT = listed(trishul, group);
  await expect(inviteV).toContainText('Trading group');
  await expect(inviteV.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(inviteT.getByRole('button', { name: 'Decline' })).toBeVisible();
  await shot(vasuki, 'vasuki-invited');
  await shot(trishul, 'trishul-invited');

  // Vasuki accepts and is in; Trishul declines and the group leaves its list.
  await inviteV.getByRole('button', { name: 'Accept' }).click();
  await expect(vasuki.getByRole('heading', { name: group })).toBeVisible();
  await expect(vasuki.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await inviteT.getByRole('button', { name: 'Decline' }).click();
  await expect(inviteT).toHaveCount(0);
  await shot(trishul, 'trishul-declined');

  // The inviter alone reads who declined; the member who accepted is no longer marked invited.
  await expect(arihant.getByRole('log').getByText(`${AMIT} declined your request`)).toBeVisible();
  await expect(membersA.getByRole('listitem').filter({ hasText: ADITYA })).not.toContainText('invited');
  await expect(membersA.getByText(AMIT)).toHaveCount(0);
  await shot(arihant, 'arihant-decline-notice');

  // Amit, who declined, writes to his client Aditya directly instead; Aditya accepts if this is their first chat, reads and answers.
  const note = `Not in the group today; can show you 99.78 for 5 cr (${tag})`;
  await trishul.getByRole('button', { name: 'New chat' }).first().click();
  const dialogT = trishul.getByRole('dialog', { name: 'New chat' });
  await dialogT.getByPlaceholder('Search people by name or firm').fill(ADITYA);
  await dialogT
    .getByRole('list', { name: 'People found' })
    .getByRole('button', { name: `${ADITYA} · Vasuki Wealth Partners LLP` })
    .click();
  await expect(trishul.getByRole('heading', { name: ADITYA })).toBeVisible();
  await send(trishul, note);
  // A first chat arrives as an invitation (its messages are read after accepting); a known one shows the note.
  const direct = listed(vasuki, AMIT);
  const accept = direct.getByRole('button', { name: 'Accept' });
  await expect(accept.or(direct.getByText(note))).toBeVisible();
  await expect(direct).toContainText('Direct');
  await shot(vasuki, 'vasuki-direct-arrives');
  if (await accept.isVisible()) await accept.click();
  else await direct.getByRole('button', { name: AMIT }).click();
  await expect(vasuki.getByRole('heading', { name: AMIT })).toBeVisible();
  await expect(vasuki.getByRole('log').getByText(note)).toBeVisible();
  const thanks = `Thanks Amit, will come back (${tag})`;
  await send(vasuki, thanks);
  await expect(trishul.getByRole('log').getByText(thanks)).toBeVisible();
  await shot(trishul, 'trishul-direct');

  // Back in the group: messages both ways.
  await listed(vasuki, group).getByRole('button', { name: group }).click();
  await expect(vasuki.getByRole('heading', { name: group })).toBeVisible();
  const offer = `Offer 7.18 GS 2034 at 99.80 for 10 cr (${tag})`;
  const bid = `Bid 99.76 for 10 cr (${tag})`;
  await send(arihant, offer);
  await expect(vasuki.getByRole('log').getByText(offer)).toBeVisible();
  await send(vasuki, bid);
  await expect(arihant.getByRole('log').getByText(bid)).toBeVisible();
  await expect(vasuki.getByRole('log').getByText(`${AMIT} declined your request`)).toHaveCount(0);
  await shot(vasuki, 'vasuki-messages');

  // Arihant buzzes: Vasuki reads 'Buzz!' and its messages shake.
  await arihant.getByRole('button', { name: 'Buzz' }).click();
  await expect(vasuki.getByRole('log').getByText('Buzz!')).toBeVisible();
  await expect(vasuki.locator('[data-buzz="started"]')).toBeVisible();
  await shot(vasuki, 'vasuki-buzz');

  // Vasuki sends a PDF; Arihant sees it as a download and gets the same bytes.
  const sheet = `term-sheet-${tag}.pdf`;
  await vasuki.getByLabel('File to send').setInputFiles({ name: sheet, mimeType: 'application/pdf', buffer: PDF });
  await expect(vasuki.getByRole('log').getByRole('link', { name: `${sheet} (1 KB)` })).toBeVisible();
  const link = arihant.getByRole('log').getByRole('link', { name: `${sheet} (1 KB)` });
  await expect(link).toBeVisible();
  await expect(listed(arihant, group)).toContainText(sheet);
  await shot(arihant, 'arihant-file');
  const [download] = await Promise.all([arihant.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(sheet);
  expect(Buffer.compare(await readFile(await download.path()), PDF)).toBe(0);

  // Arihant, the group's operator, bans Aditya from the member menu.
  await membersA.getByRole('button', { name: `Member ${ADITYA}` }).click();
  await shot(arihant, 'arihant-member-menu');
  await arihant.getByRole('menuitem', { name: 'Ban' }).click();
  await arihant.getByRole('alertdialog').getByRole('button', { name: 'Ban' }).click();
  await expect(membersA.getByText(ADITYA)).toHaveCount(0);
  await shot(arihant, 'arihant-banned');

  // Vasuki's group is gone at once, its messages with it; the newest other chat opens instead.
  await expect(listed(vasuki, group)).toHaveCount(0);
  await expect(vasuki.getByRole('heading', { name: AMIT })).toBeVisible();
  await expect(vasuki.getByText(bid)).toHaveCount(0);
  await shot(vasuki, 'vasuki-banned');

  // What Arihant says in the group after the ban never reaches Vasuki, who still hears from Amit.
  const withdrawn = `Offer withdrawn (${tag})`;
  await send(arihant, withdrawn);
  const later = `Still there? (${tag})`;
  await send(trishul, later);
  await expect(vasuki.getByRole('log').getByText(later)).toBeVisible();
  await expect(vasuki.getByText(withdrawn)).toHaveCount(0);
  await shot(arihant, 'arihant-after-ban');

  // Nor after opening chat again: the server lists the direct chat and not the group.
  await vasuki.reload();
  await expect(listed(vasuki, AMIT)).toContainText(later);
  await expect(listed(vasuki, group)).toHaveCount(0);
  await expect(vasuki.getByText(withdrawn)).toHaveCount(0);
  await shot(vasuki, 'vasuki-after-ban');
});
