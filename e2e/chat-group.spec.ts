/** A group made in the browser, its info and roles; photos, blocking and the profile's Chat button. */
import { drawPng, shot, signUp } from './calendarsHelpers.ts';
import { expect, type Page, test } from './fixtures';
import { confirmAddress } from './helpers.ts';
import { callApi, storedAccount } from './profileHelpers.ts';

/** A name only this run uses, so a contact search finds exactly one person. */
const uniquePrefix = (letter: string) => `${letter}${Date.now().toString(36).slice(-6)}`;

async function pickContact(page: Page, prefix: string): Promise<void> {
  await page.getByLabel('Name or e-mail').fill(prefix);
  await page
    .getByRole('list', { name: 'Suggestions' })
    .getByRole('button', { name: new RegExp(prefix) })
    .click();
  await expect(page.getByRole('group', { name: 'Chosen people' })).toContainText(prefix);
}

test('a group made by A with B and C: rename, make admin, remove, leave', async ({ browser }) => {
  const [bPrefix, cPrefix] = [uniquePrefix('b'), uniquePrefix('c')];
  const alice = await signUp(browser, uniquePrefix('a'));
  const bob = await signUp(browser, bPrefix);
  const carol = await signUp(browser, cPrefix);
  const a = alice.page;

  await a.goto('/chat');
  await a.getByRole('link', { name: 'New Chat' }).click();
  await expect(a.getByRole('heading', { name: 'Start New Conversation' })).toBeVisible();
  await pickContact(a, bPrefix);
  await pickContact(a, cPrefix);
  await a.getByLabel('Group name').fill('Trip crew');
  await shot(a, 'chat-new-group');
  await a.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(a).toHaveURL(/\/chat\/conversation\/[^/]+$/);
  await expect(a.getByRole('heading', { level: 1, name: 'Trip crew' })).toBeVisible();
  const conversationId = a.url().split('/').at(-1) ?? '';

  // B sees the new group arrive live, with the system chip.
  await bob.page.goto('/chat');
  await expect(
    bob.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Trip crew/ }),
  ).toBeVisible();

  // Rename in group info.
  await a.getByRole('link', { name: 'Group info' }).click();
  await a.getByRole('button', { name: 'Edit group information' }).click();
  const nameField = a.getByLabel('Group name');
  await nameField.fill('   ');
  await expect(a.getByText('Group name is mandatory')).toBeVisible();
  await expect(a.getByRole('button', { name: 'Save' })).toBeDisabled();
  await nameField.fill('Trip crew 2026');
  await a
    .locator('input[type="file"]')
    .setInputFiles({ name: 'group.png', mimeType: 'image/png', buffer: await drawPng(a) });
  await a.getByRole('dialog').getByRole('button', { name: 'Use this crop' }).click();
  await expect(a.getByRole('dialog')).toHaveCount(0);
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(a.getByRole('heading', { level: 2, name: 'Trip crew 2026' })).toBeVisible();
  const saved = await callApi(a, 'GET', `/api/conversations/${conversationId}`);
  expect((saved.body as { photo: string | null }).photo).toMatch(/^\/media\/photos\/group\/.+\.jpg$/);
  await expect(
    bob.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Trip crew 2026/ }),
  ).toBeVisible();

  // Make B an admin, remove C.
  const participants = a.getByRole('list', { name: 'Participants' });
  await expect(participants.getByTestId('participant')).toHaveCount(3);
  await participants.getByRole('button', { name: `Options for Test ${bPrefix}` }).click();
  await a.getByRole('menuitem', { name: 'Make Admin' }).click();
  await expect(participants.getByTestId('participant').filter({ hasText: bPrefix })).toContainText('Admin');
  await participants.getByRole('button', { name: `Options for Test ${cPrefix}` }).click();
  await a.getByRole('menuitem', { name: 'Remove' }).click();
  await expect(a.getByRole('dialog')).toContainText(
    'Are you sure you want to remove this participant from the conversation?',
  );
  await expect(a.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await a.getByRole('button', { name: 'Yes' }).click();
  await expect(participants.getByTestId('participant')).toHaveCount(2);
  await shot(a, 'chat-group-info');

  // C no longer has it; B leaves through the actions menu.
  await carol.page.goto(`/chat/conversation/${conversationId}`);
  await expect(carol.page).toHaveURL(/\/404$/);
  await bob.page.goto(`/chat/conversation/${conversationId}`);
  await bob.page.getByRole('button', { name: 'Conversation actions' }).click();
  await expect(bob.page.getByRole('menuitem', { name: 'Block User' })).toHaveCount(0);
  await bob.page.getByRole('menuitem', { name: 'Leave Group' }).click();
  await expect(bob.page.getByRole('dialog')).toContainText(
    'Are you sure you want to leave this conversation?',
  );
  await bob.page.getByRole('button', { name: 'Yes' }).click();
  await expect(bob.page).toHaveURL(/\/chat$/);
  await expect(
    bob.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Trip crew/ }),
  ).toHaveCount(0);
  await expect(a.getByRole('log', { name: 'Messages' }).or(participants).first()).toBeVisible();

  // The owner is offered no Leave Group.
  await a.goto(`/chat/conversation/${conversationId}`);
  await expect(a.getByRole('log', { name: 'Messages' })).toContainText(`Test ${cPrefix}`);
  await a.getByRole('button', { name: 'Conversation actions' }).click();
  await expect(a.getByRole('menuitem', { name: 'Leave Group' })).toHaveCount(0);
  await expect(a.getByRole('menuitem', { name: 'Mute' })).toBeVisible();
  await a.getByRole('menuitem', { name: 'Mute' }).click();
  await expect(
    a
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: /Trip crew/ })
      .getByRole('img', { name: 'Muted' }),
  ).toBeVisible();
});

test('a photo reaches the other side; a block stops the 1to1 for both', async ({ browser }) => {
  const alice = await signUp(browser, 'alice');
  const bob = await signUp(browser, 'bob');
  const bobId = (await storedAccount(bob.page)).userId;

  // The profile dialog's Chat button opens the 1to1.
  await alice.page.goto(`/chat?person=${bobId}`);
  await alice.page.getByRole('dialog').getByRole('button', { name: 'Chat' }).click();
  await expect(alice.page).toHaveURL(/\/chat\/conversation\/[^/]+$/);
  const conversationId = alice.page.url().split('/').at(-1) ?? '';
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Test bob' })).toBeVisible();

  await bob.page.goto(`/chat/conversation/${conversationId}`);
  const png = await drawPng(alice.page);
  await alice.page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'view.png', mimeType: 'image/png', buffer: png });
  await alice.page.getByRole('textbox', { name: 'Type a message' }).fill('Look at this');
  await alice.page.getByRole('button', { name: 'Send' }).click();
  const bobLog = bob.page.getByRole('log', { name: 'Messages' });
  const photo = bobLog.getByRole('img', { name: 'Photo' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^\/media\/photos\/chat\/.+\.jpg$/);
  await expect(bobLog.getByText('Look at this')).toBeVisible();
  await expect(
    bob.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Test alice/ }),
  ).toContainText('Look at this');
  await bobLog.getByRole('button', { name: 'Open the photo' }).click();
  await expect(bob.page.getByRole('dialog').getByRole('img', { name: 'Photo' })).toBeVisible();
  await shot(bob.page, 'chat-photo-full');
  await bob.page.getByRole('button', { name: 'Close the photo' }).click();

  // Alice blocks Bob from the 1to1; Bob's composer then refuses with the spec's text.
  await alice.page.getByRole('button', { name: 'Conversation actions' }).click();
  await alice.page.getByRole('menuitem', { name: 'Block User' }).click();
  await expect(alice.page.getByRole('dialog')).toContainText('Are you sure you want to block this user?');
  await alice.page.getByRole('button', { name: 'Yes' }).click();
  await expect(
    alice.page.getByText('This person is blocked. You cannot send private messages to this person.'),
  ).toBeVisible();
  await bob.page.reload();
  await expect(
    bob.page.getByText('This person is blocked. You cannot send private messages to this person.'),
  ).toBeVisible();
  await expect(bob.page.getByRole('textbox', { name: 'Type a message' })).toHaveCount(0);
  const refused = await callApi(bob.page, 'POST', `/api/conversations/${conversationId}/messages`, {
    message: 'still there?',
    clientKey: 'k-blocked',
  });
  expect(refused.status).toBe(403);
  expect((refused.body as { message: string }).message).toBe('chat.errors.blockedPrivateMessages');
  expect(alice.problems).toEqual([]);
});

test('an unknown address is offered as an invitation, never one’s own, and joins the group as pending', async ({
  browser,
}) => {
  const bPrefix = uniquePrefix('b');
  const alice = await signUp(browser, uniquePrefix('a'));
  await signUp(browser, bPrefix);
  const a = alice.page;
  const invited = `${uniquePrefix('x')}@example.com`;

  await a.goto('/chat/new');
  await expect(a.getByRole('heading', { name: 'Start New Conversation' })).toBeVisible();
  const field = a.getByLabel('Name or e-mail');
  // My own address is no invitation; an empty result says nothing (PRODUCT.md §2.8).
  const searched = a.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/users' &&
      new URL(response.url()).searchParams.get('q') === alice.user.email.toLowerCase(),
  );
  await field.fill(alice.user.email);
  await searched;
  await expect(a.getByRole('progressbar', { name: 'Loading…' })).toHaveCount(0);
  await expect(a.getByRole('button', { name: /^Invite / })).toHaveCount(0);
  await expect(a.getByRole('list', { name: 'Suggestions' })).toHaveCount(0);
  await expect(a.getByText('No results')).toHaveCount(0);

  await pickContact(a, bPrefix);
  // Typed with capitals and spaces: looked up lower-cased and trimmed.
  await field.fill(`  ${invited.toUpperCase()} `);
  const offer = a.getByRole('list', { name: 'Suggestions' }).getByRole('button', {
    name: `Invite ${invited} to Chat`,
  });
  await expect(offer).toBeVisible();
  await shot(a, 'chat-new-invite');
  // An unconfirmed account mails no one: it is told to confirm first.
  await offer.click();
  const refusal = a.getByText('Confirm your e-mail address first, then you can invite people by e-mail.');
  await expect(refusal).toBeVisible();
  await shot(a, 'chat-new-invite-unconfirmed');
  await confirmAddress(a.request, alice.user.email);
  await offer.click();
  const chosen = a.getByRole('group', { name: 'Chosen people' });
  await expect(chosen).toContainText(invited);
  await expect(refusal).toHaveCount(0);
  await expect(field).toHaveValue('');
  await a.getByLabel('Group name').fill('With a guest');
  await a.getByRole('button', { name: 'Start Conversation' }).click();
  await expect(a.getByRole('heading', { level: 1, name: 'With a guest' })).toBeVisible();

  await a.getByRole('link', { name: 'Group info' }).click();
  const participants = a.getByRole('list', { name: 'Participants' });
  await expect(participants.getByTestId('participant')).toHaveCount(3);
  // Me, the active member, then the invited address, pending.
  await expect(participants.getByTestId('participant').last()).toContainText(invited);
  await expect(participants.getByTestId('participant').last()).toContainText('Invitation sent');
  await shot(a, 'chat-group-invited');
  // The one refusal: the invitation asked for before the address was confirmed.
  expect(alice.problems).toEqual([
    'console: Failed to load resource: the server responded with a status of 403 (Forbidden)',
  ]);
});
