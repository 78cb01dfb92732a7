/** The composer's photo uploads: a failed one is skipped with a notice, a cancelled one sends nothing. */
import { drawPng, shot, signUp } from './calendarsHelpers.ts';
import { expect, type Page, test } from './fixtures';
import { callApi, storedAccount } from './profileHelpers.ts';

/** The PUT of a chat photo to its signed url (local store: /api/s3/upload). */
const uploadUrl = '**/api/s3/upload**';

/** A creates (or finds) the 1to1 with B through the API and answers its id. */
async function directConversation(a: Page, b: Page): Promise<string> {
  const { userId } = await storedAccount(b);
  const answer = await callApi(a, 'POST', '/api/conversations', { type: '1to1', users: [userId] });
  expect(answer.status).toBe(200);
  return (answer.body as { conversationId: string }).conversationId;
}

test('a photo whose upload fails is skipped with a notice; the other photo and the text still arrive', async ({
  browser,
}) => {
  const alice = await signUp(browser, 'alice');
  const bob = await signUp(browser, 'bob');
  const conversationId = await directConversation(alice.page, bob.page);
  await bob.page.goto(`/chat/conversation/${conversationId}`);
  const page = alice.page;
  await page.goto(`/chat/conversation/${conversationId}`);

  // The first upload's PUT fails; the ones after it go through.
  let puts = 0;
  await page.route(uploadUrl, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    puts += 1;
    if (puts === 1) return route.fulfill({ status: 500, body: 'broken' });
    return route.continue();
  });
  const png = await drawPng(page);
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'broken.png', mimeType: 'image/png', buffer: png },
    { name: 'good.png', mimeType: 'image/png', buffer: png },
  ]);
  await page.getByRole('textbox', { name: 'Type a message' }).fill('Two pictures');
  await page.getByRole('button', { name: 'Send' }).click();

  await expect(page.getByRole('alert')).toContainText('broken.png could not be uploaded and was not sent.');
  await shot(page, 'chat-upload-failed-wide-en');
  const bobLog = bob.page.getByRole('log', { name: 'Messages' });
  await expect(bobLog.getByRole('img', { name: 'Photo' })).toHaveCount(1);
  await expect(bobLog.getByText('Two pictures')).toBeVisible();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('img', { name: 'Photo' })).toHaveCount(1);
  const stored = await callApi(bob.page, 'GET', `/api/conversations/${conversationId}/messages`);
  const messages = stored.body as { media: string | null; message: string | null }[];
  expect(messages.map((m) => [m.message, Boolean(m.media)])).toEqual([['Two pictures', true]]);
  expect(puts).toBe(2);
});

test('cancelling an upload in progress sends nothing (Romanian, on a phone)', async ({ browser }) => {
  const ana = await signUp(browser, 'ana', { locale: 'ro-RO', viewport: { width: 390, height: 800 } });
  const dan = await signUp(browser, 'dan');
  const conversationId = await directConversation(ana.page, dan.page);
  const page = ana.page;
  await page.goto(`/chat/conversation/${conversationId}`);

  // The upload hangs until it is cancelled.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(uploadUrl, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await released;
    return route.abort().catch(() => undefined);
  });
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'slow.png', mimeType: 'image/png', buffer: await drawPng(page) });
  // A photo alone, without text, can be sent.
  await page.getByRole('button', { name: 'Trimite' }).click();
  await expect(page.getByRole('progressbar', { name: 'Se încarcă slow.png…' })).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Anulează încărcarea pentru slow.png' });
  await shot(page, 'chat-upload-progress-ro-narrow');
  await cancel.click();
  release();

  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const log = page.getByRole('log', { name: 'Mesaje' });
  await expect(log.getByRole('img')).toHaveCount(0);
  const stored = await callApi(dan.page, 'GET', `/api/conversations/${conversationId}/messages`);
  expect(stored.body).toEqual([]);
  expect(ana.problems).toEqual([]);
});
