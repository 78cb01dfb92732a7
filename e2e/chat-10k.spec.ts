/**
 * A conversation of 10,000 messages (issue 14, point 11; PRODUCT.md §2.2 Chat): only what is in view is in
 * the page, reading upward through many pages keeps the view still while only the last six pages
 * are kept, and the way back down works: page by page, or at once to the newest.
 *
 * Sending 10,000 messages through the API would take hours (60 a minute), and the e2e server's
 * database is its own: the conversation and its people are real, and only its message pages are
 * answered here, by the server's paging rule (seq ≤ from − skip, newest first).
 */
import type { ChatMessage } from '@convene/contract';
import { shot, signUp } from './calendarsHelpers.ts';
import { expect, type Locator, type Page, type Route, test } from './fixtures';
import { callApi, storedAccount } from './profileHelpers.ts';

const total = 10_000;
const pagesToRead = 25;
const phone = { width: 390, height: 800 };

interface Person {
  userId: string;
  name: string;
}

/** Message `seq` of the synthetic conversation: runs of one sender, some long, a few days apart. */
function syntheticMessage(conversationId: string, seq: number, people: [Person, Person], now: number) {
  const sender = people[Math.floor(seq / 3) % 2] as Person;
  const longer =
    seq % 7 === 0 ? ' and a longer thought that wraps onto a second or third line'.repeat(3) : '';
  const createdDate = new Date(now - (total - seq + 1) * 7 * 60_000).toISOString();
  return {
    messageId: `synthetic-${seq}`,
    conversationId,
    seq,
    sender: { userId: sender.userId, name: sender.name, linkedEntity: { linkedTo: null } },
    type: 'message',
    message: `No. ${seq}: a message${longer}.`,
    media: null,
    data: null,
    status: 'created',
    clientKey: null,
    createdDate,
    updatedDate: createdDate,
  } satisfies ChatMessage;
}

/**
 * Answers the conversation's message pages from 10,000 made-up messages. Pages other than the
 * newest (asked for with `from`) wait in `held` until the test lets them go, so it can look at
 * the screen while one loads.
 */
async function serveLongConversation(page: Page, conversationId: string, people: [Person, Person]) {
  const now = Date.now();
  const requests: string[] = [];
  const held: (() => void)[] = [];
  await page.route(
    (url) => url.pathname === `/api/conversations/${conversationId}/messages`,
    async (route: Route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const url = new URL(route.request().url());
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const from = Number(url.searchParams.get('from') ?? total);
      requests.push(`skip=${skip} from=${url.searchParams.get('from')}`);
      if (url.searchParams.has('from')) await new Promise<void>((resolve) => held.push(resolve));
      const newest = Math.min(from, total) - skip;
      const seqs = Array.from({ length: Math.max(0, Math.min(limit, newest)) }, (_, index) => newest - index);
      await route.fulfill({
        json: seqs.map((seq) => syntheticMessage(conversationId, seq, people, now)),
      });
    },
  );
  return { requests, held };
}

/**
 * The texts of the messages in the page (their innermost elements), each with its number and its
 * distance from the top of the log.
 */
function messageTexts(log: Locator): Promise<{ seq: number; offset: number }[]> {
  return log.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    return [...element.querySelectorAll<HTMLElement>('[data-testid="chat-message"] *')].flatMap((text) => {
      const seq = text.children.length === 0 ? text.textContent?.match(/^No\. (\d+):/)?.[1] : undefined;
      return seq ? [{ seq: Number(seq), offset: text.getBoundingClientRect().top - top }] : [];
    });
  });
}

/** The message whose text is the first fully in view: its number and its distance from the top. */
async function topMessage(log: Locator): Promise<{ seq: number; offset: number }> {
  const inView = (await messageTexts(log)).filter(({ offset }) => offset >= 0);
  return inView.sort((a, b) => a.offset - b.offset)[0] ?? { seq: Number.NaN, offset: Number.NaN };
}

/** Where the text of message `seq` is now, from the top of the log (NaN once it left the page). */
async function offsetOf(log: Locator, seq: number): Promise<number> {
  return (await messageTexts(log)).find((text) => text.seq === seq)?.offset ?? Number.NaN;
}

const renderedRows = (log: Locator) => log.locator('[data-index]').count();

test('a conversation of 10,000 messages keeps the page small and the view still while reading back', async ({
  browser,
}) => {
  // Two sign-ups and 25 pages, each looked at while it loads and after, and the way back down:
  // a long journey.
  test.setTimeout(300_000);
  const ana = await signUp(browser, 'ana');
  const dan = await signUp(browser, 'dan', { locale: 'ro-RO', viewport: phone });
  const people: [Person, Person] = [
    { userId: (await storedAccount(ana.page)).userId, name: ana.user.name },
    { userId: (await storedAccount(dan.page)).userId, name: dan.user.name },
  ];
  const created = await callApi(ana.page, 'POST', '/api/conversations', {
    type: '1to1',
    users: [people[1].userId],
  });
  const conversationId = (created.body as { conversationId: string }).conversationId;

  const page = ana.page;
  const served = await serveLongConversation(page, conversationId, people);
  await page.goto(`/chat/conversation/${conversationId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  // A first visit loads the chat's code: on a busy machine that takes a while.
  await expect(log.getByText(`No. ${total}:`)).toBeInViewport({ timeout: 30_000 });
  await shot(page, 'chat-long-en-wide');
  const loading = page.getByLabel('Loading older messages…');

  for (let read = 1; read <= pagesToRead; read += 1) {
    // Near the top, as a reader does (the page above starts loading before the top is reached),
    // or right at the top, as one who scrolls faster than it loads.
    await log.evaluate(
      (element, scrollTop) => {
        element.scrollTop = scrollTop;
      },
      read % 2 === 0 ? 0 : 100,
    );
    await expect.poll(() => served.held.length).toBe(1);
    await expect(loading).toBeVisible();
    // What the reader sees while the page above loads…
    const before = await topMessage(log);
    expect(before.seq).not.toBeNaN();
    served.held.shift()?.();
    await expect(loading).toHaveCount(0);
    // …stays where it was once the page is in.
    await expect.poll(() => offsetOf(log, before.seq)).toBeCloseTo(before.offset, 0);
    await expect(log.getByText(`No. ${total - read * 20}:`)).toBeAttached();
    expect(await renderedRows(log)).toBeLessThan(100);
  }
  // Every page was asked for once, each just below the one before.
  expect(served.requests).toEqual([
    'skip=0 from=null',
    ...Array.from({ length: pagesToRead }, (_, index) => `skip=20 from=${total - index * 20}`),
  ]);
  // Six pages are kept: the newest ones were let go on the way up, and a way back is offered.
  const oldestRead = total - (pagesToRead + 1) * 20 + 1;
  await expect(page.getByRole('button', { name: 'Jump to the newest' })).toBeVisible();
  await shot(page, 'chat-long-en-jump-wide');
  await page.setViewportSize(phone);
  await expect(page.getByRole('button', { name: 'Jump to the newest' })).toBeInViewport();
  await shot(page, 'chat-long-en-jump-narrow');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Down to the end of what is kept (the sixth page): the page below comes again, the view
  // staying where it was.
  await log.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await expect.poll(() => served.held.length).toBe(1);
  await expect(page.getByLabel('Loading newer messages…')).toBeVisible();
  const last = (await messageTexts(log)).sort((a, b) => b.seq - a.seq)[0] ?? { seq: Number.NaN, offset: 0 };
  expect(last.seq).toBe(oldestRead + 6 * 20 - 1);
  served.held.shift()?.();
  // The first message of the page below is there, just under the view (the rest is not rendered).
  await expect(log.getByText(`No. ${oldestRead + 6 * 20}:`)).toBeAttached();
  await expect.poll(() => offsetOf(log, last.seq)).toBeCloseTo(last.offset, 0);
  expect(served.requests.at(-1)).toBe(`skip=0 from=${oldestRead + 7 * 20}`);

  // Back to the newest message with the keyboard, as far down as 380 messages are: the newest
  // page alone is fetched.
  await log.focus();
  await page.keyboard.press('End');
  await expect(log.getByText(`No. ${total}:`)).toBeInViewport();
  expect(served.requests.at(-1)).toBe('skip=0 from=null');
  expect(await renderedRows(log)).toBeLessThan(100);
  await expect(log.getByText(`No. ${total - pagesToRead * 20 + 1}:`)).toHaveCount(0);
  // Narrower, as a phone turned: the reader at the bottom stays there.
  await page.setViewportSize(phone);
  await expect(log.getByText(`No. ${total}:`)).toBeInViewport({ ratio: 1 });
  await shot(page, 'chat-long-en-narrow');

  // The other person, in Romanian on a phone, then wide.
  await serveLongConversation(dan.page, conversationId, people);
  await dan.page.goto(`/chat/conversation/${conversationId}`);
  const roLog = dan.page.getByRole('log', { name: 'Mesaje' });
  await expect(roLog.getByText(`No. ${total}:`)).toBeInViewport({ timeout: 30_000 });
  await shot(dan.page, 'chat-long-ro-narrow');
  await dan.page.setViewportSize({ width: 1280, height: 800 });
  await expect(roLog.getByText(`No. ${total}:`)).toBeInViewport({ ratio: 1 });
  await shot(dan.page, 'chat-long-ro-wide');

  expect(ana.problems).toEqual([]);
  expect(dan.problems).toEqual([]);
});
