/** The chat on a phone in Romanian, and a calendar's conversation for a member who accepts. */
import { acceptInvitation, shot, signUp } from './calendarsHelpers.ts';
import { expect, test } from './fixtures';
import { confirmAddress, realtimeConnected, solveCaptcha } from './helpers.ts';
import { callApi, storedAccount } from './profileHelpers.ts';

const phone = { width: 390, height: 800 };

type Person = Awaited<ReturnType<typeof signUp>>;

test('Romanian on a phone: the list alone, then the conversation alone with its way back', async ({
  browser,
}) => {
  const ana = await signUp(browser, 'ana', { locale: 'ro-RO', viewport: phone });
  const dan = await signUp(browser, 'dan');
  const { userId } = await storedAccount(dan.page);
  const created = await callApi(ana.page, 'POST', '/api/conversations', { type: '1to1', users: [userId] });
  const conversationId = (created.body as { conversationId: string }).conversationId;
  await callApi(dan.page, 'POST', `/api/conversations/${conversationId}/messages`, {
    message: 'Salut, Ana!',
    clientKey: 'k-ro-1',
  });

  const page = ana.page;
  await page.goto('/chat');
  const list = page.getByRole('list', { name: 'Conversații' });
  await expect(list).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Caută' })).toBeVisible();
  // On a phone New Chat is an icon with its name for screen readers.
  await expect(page.getByRole('link', { name: 'Conversație nouă' })).toBeVisible();
  await expect(page.getByText('Alege o conversație sau începe una nouă.')).toHaveCount(0);
  await expect(list.getByRole('link', { name: /Test dan/ }).getByTestId('unread-badge')).toContainText('1');
  await shot(page, 'chat-list-ro-narrow');

  await list.getByRole('link', { name: /Test dan/ }).click();
  await expect(page.getByRole('list', { name: 'Conversații' })).toHaveCount(0);
  const log = page.getByRole('log', { name: 'Mesaje' });
  await expect(log.getByText('Astăzi')).toBeVisible();
  await expect(log.getByText('Salut, Ana!')).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Scrie un mesaj' });
  await composer.fill('Bună, Dan!');
  await composer.press('Enter');
  await expect(log.getByText('Bună, Dan!')).toBeVisible();
  await page.getByRole('button', { name: 'Acțiuni pentru conversație' }).click();
  await expect(page.getByRole('menuitem', { name: 'Blochează utilizatorul' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Șterge conversația' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'chat-conversation-ro-narrow');

  await page.getByRole('link', { name: 'Închide conversația' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(list.getByRole('link', { name: /Test dan/ })).toContainText('Tu: Bună, Dan!');
  await expect(list.getByRole('link', { name: /Test dan/ }).getByTestId('unread-badge')).toHaveCount(0);
  expect(ana.problems).toEqual([]);
});

/** A calendar the owner shares with the member: answers its name and id. */
async function shareCalendar(owner: Person, member: Person): Promise<{ name: string; calendarId: string }> {
  await confirmAddress(member.page.request, member.user.email);
  const name = `Team ${Date.now().toString(36)}`;
  const { loginToken } = await storedAccount(owner.page);
  const headers = { loginToken, version: '3.7' };
  const created = await owner.page.request.post('/api/calendar', { headers, data: { name } });
  expect(created.ok(), await created.text()).toBe(true);
  const { calendarId } = (await created.json()) as { calendarId: string };
  const added = await owner.page.request.post('/api/members', {
    headers,
    data: { calendarId, email: member.user.email },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { memberId } = (await added.json()) as { memberId: string };
  const shared = await owner.page.request.post('/api/share/calendar', {
    headers,
    data: { calendarId, memberId, recaptchaCode: await solveCaptcha(owner.page.request) },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  return { name, calendarId };
}

test('a member who accepts a calendar invitation finds its conversation, linked to the calendar', async ({
  browser,
}) => {
  const owner = await signUp(browser, 'owner');
  const member = await signUp(browser, 'member');
  const { name, calendarId } = await shareCalendar(owner, member);

  const connected = realtimeConnected(member.page);
  await member.page.goto('/chat');
  await connected;
  const list = member.page.getByRole('list', { name: 'Conversations' });
  await expect(list).toBeVisible();
  await expect(list.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  await acceptInvitation(member.page, name);
  const row = list.getByRole('link', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await row.click();
  await expect(member.page.getByRole('heading', { level: 1, name })).toBeVisible();
  const conversationId = member.page.url().split('/').at(-1) ?? '';
  await expect(member.page.getByRole('log', { name: 'Messages' })).toContainText('joined');
  await shot(member.page, 'chat-calendar-conversation');
  await member.page.getByRole('link', { name: 'Open the calendar' }).click();
  await expect(member.page).toHaveURL(new RegExp(`/calendars/${calendarId}`));

  // The old link form with the calendar id reaches the same conversation.
  await member.page.goto(`/conversations/${conversationId}?calendarId=${calendarId}`);
  await expect(member.page).toHaveURL(new RegExp(`/chat/conversation/${conversationId}\\?calendarId=`));
  await expect(member.page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the conversation of a deleted calendar stays readable without a composer, live and after a reload', async ({
  browser,
}) => {
  const owner = await signUp(browser, 'owner');
  const member = await signUp(browser, 'member');
  const { name, calendarId } = await shareCalendar(owner, member);
  const page = member.page;
  const connected = realtimeConnected(page);
  await page.goto('/chat');
  await connected;
  await acceptInvitation(page, name);
  const { loginToken } = await storedAccount(owner.page);
  await page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  const conversationId = page.url().split('/').at(-1) ?? '';
  await callApi(owner.page, 'POST', `/api/conversations/${conversationId}/messages`, {
    message: 'Last rehearsal notes',
    clientKey: 'k-unavailable-1',
  });
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Last rehearsal notes')).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Type a message' });
  await expect(composer).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mute' })).toBeVisible();
  await page.keyboard.press('Escape');

  const deleted = await owner.page.request.delete(`/api/calendar?calendarId=${calendarId}`, {
    headers: { loginToken, version: '3.7' },
  });
  expect(deleted.status(), await deleted.text()).toBe(204);

  // Live: the member stays on the conversation, now read-only.
  await expect(composer).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/chat/conversation/${conversationId}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(log.getByText('Last rehearsal notes')).toBeVisible();
  await expect(page.getByText('This conversation is no longer available.')).toBeVisible();
  // The calendar is gone: no link to it.
  await expect(page.getByRole('link', { name: 'Open the calendar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete Conversation' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^(Mute|Unmute)$/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await shot(page, 'chat-unavailable-wide-en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(log.getByText('Last rehearsal notes')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Type a message' })).toHaveCount(0);

  // The same screen for the same member on a phone, in Romanian.
  const storageState = await page.context().storageState();
  const roContext = await browser.newContext({ storageState, locale: 'ro-RO', viewport: phone });
  const roPage = await roContext.newPage();
  await roPage.goto(`/chat/conversation/${conversationId}`);
  await expect(roPage.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(roPage.getByText('Această conversație nu mai este disponibilă.')).toBeVisible();
  await expect(roPage.getByRole('textbox', { name: 'Scrie un mesaj' })).toHaveCount(0);
  await shot(roPage, 'chat-unavailable-ro-narrow');
  await roContext.close();
  expect(member.problems).toEqual([]);
});

test('a long conversation renders only what is in view and loads older messages without a jump', async ({
  browser,
}) => {
  const ana = await signUp(browser, 'ana');
  const dan = await signUp(browser, 'dan');
  const { userId } = await storedAccount(dan.page);
  const created = await callApi(ana.page, 'POST', '/api/conversations', { type: '1to1', users: [userId] });
  const conversationId = (created.body as { conversationId: string }).conversationId;
  for (let index = 1; index <= 45; index += 1) {
    const sent = await callApi(dan.page, 'POST', `/api/conversations/${conversationId}/messages`, {
      message: `Message number ${index}`,
      clientKey: `long-${index}`,
    });
    expect(sent.status).toBe(200);
  }
  const page = ana.page;
  await page.goto(`/chat/conversation/${conversationId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Message number 45', { exact: true })).toBeInViewport();
  const rendered = await log.getByTestId('chat-message').count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(45);

  // Scrolling to the top loads the page before; the message that was at the top stays in view.
  // One scroll only: scrolling to the top again after the page arrived would rightly move away
  // from message 26 and load the page before that, so the check waits for the load instead.
  await log.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(log.getByText('Message number 25', { exact: true })).toBeAttached({ timeout: 30_000 });
  await expect(log.getByText('Message number 26', { exact: true })).toBeInViewport();
  await expect(async () => {
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(log.getByText('Message number 1', { exact: true })).toBeInViewport({ timeout: 1000 });
  }).toPass();

  // A new message while reading old ones: a pill, not a jump.
  await callApi(dan.page, 'POST', `/api/conversations/${conversationId}/messages`, {
    message: 'Fresh news',
    clientKey: 'long-fresh',
  });
  await page.getByRole('button', { name: 'New messages' }).click();
  await expect(log.getByText('Fresh news')).toBeInViewport();
});
