/** The chat between two browsers: live messages and unread badges, and an optimistic send that fails. */
import { shot, signUp } from './calendarsHelpers.ts';
import { expect, type Page, test } from './fixtures';
import { realtimeConnected } from './helpers.ts';
import { callApi, storedAccount } from './profileHelpers.ts';

/** A creates (or finds) the 1to1 with B through the API and answers its id. */
async function directConversation(a: Page, b: Page): Promise<string> {
  const { userId } = await storedAccount(b);
  const answer = await callApi(a, 'POST', '/api/conversations', { type: '1to1', users: [userId] });
  expect(answer.status).toBe(200);
  return (answer.body as { conversationId: string }).conversationId;
}

test('two people chat live: the list, unread badges, messages on both sides', async ({ browser }) => {
  const alice = await signUp(browser, 'alice');
  const bob = await signUp(browser, 'bob');
  const conversationId = await directConversation(alice.page, bob.page);

  const bobConnected = realtimeConnected(bob.page);
  await bob.page.goto('/chat');
  await bobConnected;
  // No conversation is open: the screen's only h1 is the chat home's (visually hidden) 'Chat'.
  // (Counting no h1 at all passed only while the chat's code was still loading.)
  await expect(bob.page.getByRole('heading', { level: 1 })).toHaveText(['Chat']);
  await expect(bob.page.getByText('Choose a conversation, or start a new one.')).toBeVisible();

  const aliceConnected = realtimeConnected(alice.page);
  await alice.page.goto(`/conversations/${conversationId}`);
  await aliceConnected;
  await expect(alice.page).toHaveURL(new RegExp(`/chat/conversation/${conversationId}$`));
  const composer = alice.page.getByRole('textbox', { name: 'Type a message' });
  await composer.fill('Hello **Bob**, see example.com');
  await composer.press('Enter');
  const log = alice.page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Bob', { exact: true })).toBeVisible();
  await expect(log.locator('strong', { hasText: 'Bob' })).toBeVisible();
  const link = log.getByRole('link', { name: 'example.com' });
  await expect(link).toHaveAttribute('href', 'http://example.com');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);

  // Bob's list shows it live, with an unread badge, before he opens it.
  const bobList = bob.page.getByRole('list', { name: 'Conversations' });
  const row = bobList.getByRole('link', { name: /Test alice/ });
  await expect(row).toContainText('Hello **Bob**, see example.com');
  await expect(row.getByTestId('unread-badge')).toContainText('1');
  await shot(bob.page, 'chat-list-unread');

  await row.click();
  await expect(bob.page).toHaveURL(new RegExp(`/chat/conversation/${conversationId}$`));
  await expect(bob.page.getByRole('log', { name: 'Messages' }).getByText('see')).toBeVisible();
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);

  // Raw HTML is shown as text, never rendered.
  const bobComposer = bob.page.getByRole('textbox', { name: 'Type a message' });
  await bobComposer.fill('<img src=x onerror=alert(1)>Hi Alice');
  await bobComposer.press('Enter');
  await expect(log.getByText('<img src=x onerror=alert(1)>Hi Alice')).toBeVisible();
  await expect(log.locator('img[src="x"]')).toHaveCount(0);

  // Shift+Enter is a new line, Enter sends.
  await composer.fill('line one');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('line two');
  await composer.press('Enter');
  const twoLines = bob.page.getByRole('log', { name: 'Messages' }).getByText(/line one\s*line two/);
  await expect(twoLines).toBeVisible();
  // Shown on two lines, as typed.
  expect(await twoLines.evaluate((element) => (element as HTMLElement).innerText)).toBe('line one\nline two');
  await shot(alice.page, 'chat-conversation-wide');
  await shot(bob.page, 'chat-conversation-wide-bob');

  // Bob is reading: Alice's new message leaves no unread badge in his list.
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);
  expect(alice.problems).toEqual([]);
  expect(bob.problems).toEqual([]);
});

test('a send that fails is marked and its retry stores the message exactly once', async ({ browser }) => {
  const alice = await signUp(browser, 'alice');
  const bob = await signUp(browser, 'bob');
  const conversationId = await directConversation(alice.page, bob.page);
  const page = alice.page;
  await page.goto(`/chat/conversation/${conversationId}`);

  const keys: string[] = [];
  let mode: 'loseAnswer' | 'refuse' | 'pass' = 'loseAnswer';
  await page.route(`**/api/conversations/${conversationId}/messages`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push((route.request().postDataJSON() as { clientKey: string }).clientKey);
    if (mode === 'pass') return route.continue();
    if (mode === 'refuse') {
      mode = 'pass';
      return route.abort('failed');
    }
    // The request reaches the server, its answer is lost: the server's copy still arrives live.
    mode = 'pass';
    await route.fetch();
    return route.abort('failed');
  });
  const composer = page.getByRole('textbox', { name: 'Type a message' });
  const log = page.getByRole('log', { name: 'Messages' });
  await composer.fill('Answer lost');
  await composer.press('Enter');
  await expect(log.getByText('Answer lost')).toHaveCount(1);

  mode = 'refuse';
  await composer.fill('Once only');
  await composer.press('Enter');
  await expect(page.getByText('Error! Message not sent!')).toBeVisible();
  await expect(log.getByText('Once only')).toHaveCount(1);
  await shot(page, 'chat-send-failed');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Error! Message not sent!')).toHaveCount(0);
  await expect(log.getByText('Once only')).toHaveCount(1);

  // The error goes as soon as the retry starts: the server's copy may still be on its way.
  const storedTexts = async () => {
    const answer = await callApi(page, 'GET', `/api/conversations/${conversationId}/messages`);
    return (answer.body as { message: string | null }[]).map((message) => message.message);
  };
  await expect.poll(async () => (await storedTexts()).filter((text) => text === 'Once only').length).toBe(1);
  const texts = await storedTexts();
  expect(texts.filter((text) => text === 'Once only')).toHaveLength(1);
  expect(texts.filter((text) => text === 'Answer lost')).toHaveLength(1);
  // The retry sent the failed message's key again.
  expect(keys).toHaveLength(3);
  expect(keys[2]).toBe(keys[1]);
  expect(keys[1]).not.toBe(keys[0]);
  expect(alice.problems.filter((problem) => !problem.includes('Failed to load resource'))).toEqual([]);
});

test('the old paths lead to the chat, and an unknown conversation to the not-found page', async ({
  browser,
}) => {
  const alice = await signUp(browser, 'alice');
  await alice.page.goto('/conversations');
  await expect(alice.page).toHaveURL(/\/chat$/);
  // The list's search waits for a pause in typing, then says when nothing matches.
  await alice.page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this');
  await expect(alice.page.getByText('No results')).toBeVisible();
  await alice.page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(
    alice.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Support/ }),
  ).toBeVisible();
  await alice.page.goto('/new');
  await expect(alice.page).toHaveURL(/\/chat\/new$/);
  await expect(alice.page.getByRole('heading', { name: 'Start New Conversation' })).toBeVisible();
  await expect(
    alice.page.getByText('Make sure you have at least 4 characters to see suggestions'),
  ).toBeVisible();
  await alice.page.goto('/chat/conversation/does-not-exist');
  await expect(alice.page).toHaveURL(/\/404$/);
});
