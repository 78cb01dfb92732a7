import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { shot } from './calendarsHelpers.ts';
import {
  conveneFrame,
  conveneUrl,
  type EmbedHost,
  embedHosts,
  frameStorage,
  keyboardFocusOutline,
  postToFrame,
  primaryColour,
  received,
  startEmbedHosts,
  tabIndicatorColour,
  theme,
} from './embedHelpers.ts';
import { expect, type Page, test } from './fixtures';
import { newUser, registerThroughUi } from './helpers.ts';

let demos: ChildProcess[] = [];
/** A page of an origin that may not embed the app (a frame the host page also shows). */
let intruder: http.Server;
let intruderUrl = '';

test.beforeAll(async () => {
  demos = await startEmbedHosts();
  intruder = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Other site</title>');
  });
  await new Promise<void>((resolve) => intruder.listen(0, '127.0.0.1', resolve));
  intruderUrl = `http://127.0.0.1:${(intruder.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  for (const demo of demos) demo.kill('SIGTERM');
  await new Promise((resolve) => intruder?.close(resolve));
});

/** Registers a person in `page` and answers their user id. */
async function registeredUserId(page: Page, prefix: string): Promise<string> {
  await registerThroughUi(page, newUser(prefix));
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { userId: string }).userId,
  );
}

const storageModes: { host: EmbedHost; title: string; storage: 'kept' | 'denied' }[] = [
  { host: 'sameSite', title: 'on its own site (the frame keeps its storage)', storage: 'kept' },
  {
    host: 'crossSite',
    title: "on another site, with the browser's third-party storage blocking",
    storage: 'denied',
  },
];

for (const { host: hostName, title, storage } of storageModes) {
  test(`a host page ${title} signs its user in with a one-time code, hears what opens and themes the app`, async ({
    browser,
    page,
  }) => {
    const userId = await registeredUserId(page, 'embedded');
    const context = await browser.newContext({ viewport: { width: 1500, height: 850 }, locale: 'en-US' });
    const host = await context.newPage();
    const uncaught: string[] = [];
    host.on('pageerror', (error) => uncaught.push(error.message));
    // The host's colours in the address paint the first screen.
    await host.goto(
      `${embedHosts[hostName].url}/?userId=${userId}&path=/chat&primary=%23aa3300&secondary=%23005544`,
    );
    const frameSrc = await host.locator('#convene').getAttribute('src');
    expect(frameSrc).toContain('loginToken=');

    const frame = conveneFrame(host);
    const conversation = frame.getByRole('link', { name: /Support/ }).first();
    await expect(conversation).toBeVisible();
    // The code left the frame's address at once; the session lives in this frame only: in this
    // tab's sessionStorage, or in memory where the browser denies the frame its storage.
    expect(frame.url()).not.toContain('loginToken');
    expect(frame.url()).not.toContain('userId');
    expect(frame.url()).toContain('/chat');
    if (storage === 'kept') {
      expect(await frameStorage(frame)).toBe('readable');
      expect(await frame.evaluate(() => localStorage.getItem('convene.account'))).toBeNull();
      expect(await frame.evaluate(() => sessionStorage.getItem('convene.account'))).toContain(userId);
    } else {
      expect(await frameStorage(frame)).toContain('Access is denied');
    }
    // Embedded: no classic-app switch, no feedback link; the side navigation stays.
    await expect(frame.getByRole('navigation').getByRole('link', { name: 'Chat' })).toBeVisible();
    await expect(frame.getByText('Feedback')).toHaveCount(0);
    expect(await primaryColour(frame)).toBe('rgb(170, 51, 0)');

    await expect.poll(async () => (await received(host)).map((message) => message.type)).toContain('ready');
    await conversation.click();
    await expect(frame.getByRole('textbox').first()).toBeVisible();
    const conversationId = /\/chat\/conversation\/([^/?#]+)/.exec(frame.url())?.[1];
    expect(conversationId).toBeTruthy();
    await expect
      .poll(async () => (await received(host)).find((message) => message.type === 'conversation-opened'))
      .toEqual({ source: 'convene', v: 1, type: 'conversation-opened', conversationId, calendarId: null });
    expect(
      (await received(host)).some(
        (m) => m.type === 'navigated' && String(m.path).includes(conversationId ?? '-'),
      ),
    ).toBe(true);
    // Embedded mode sticks across in-app navigation.
    await frame.getByRole('navigation').getByRole('link', { name: 'My Calendars' }).click();
    await expect(frame.getByRole('heading', { name: 'My Calendars' })).toBeVisible();
    await expect(frame.getByText('Feedback')).toHaveCount(0);
    await expect
      .poll(async () => (await received(host)).filter((m) => m.type === 'unread-changed'))
      .toEqual([{ source: 'convene', v: 1, type: 'unread-changed', count: 0 }]);
    await shot(host, `embed-wide-en-${hostName}`);
    await frame
      .getByRole('link', { name: /Test embedded/ })
      .first()
      .click();
    await expect.poll(() => frame.url()).toMatch(/\/calendars\/[^/]+\/events/);
    const calendarId = /\/calendars\/([^/?#]+)/.exec(frame.url())?.[1];
    await expect
      .poll(async () => (await received(host)).find((message) => message.type === 'calendar-opened'))
      .toEqual({ source: 'convene', v: 1, type: 'calendar-opened', calendarId });
    // The host's highlight colour shows: the selected tab's indicator is the secondary colour.
    await expect.poll(() => tabIndicatorColour(frame)).toBe('rgb(0, 85, 68)');
    await shot(host, `embed-calendar-en-${hostName}`);

    // A theme from the host restyles the app live; keyboard focus is outlined in its main colour.
    await postToFrame(host, theme('#116633', '#553311'));
    await expect.poll(() => primaryColour(frame)).toBe('rgb(17, 102, 51)');
    await expect.poll(() => tabIndicatorColour(frame)).toBe('rgb(85, 51, 17)');
    await frame.getByRole('heading', { level: 1 }).first().click();
    expect(await keyboardFocusOutline(host, frame)).toBe('rgb(17, 102, 51)');
    // The host may open one of the app's paths, never another site.
    for (const path of ['//evil.example/', '/events']) {
      await postToFrame(host, { source: 'convene', v: 1, type: 'navigate', path });
    }
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/events');
    expect(new URL(frame.url()).origin).toBe(conveneUrl);

    // The same message from a frame of another origin, or sent with a bad colour, changes nothing.
    await host.evaluate((src) => {
      const other = document.createElement('iframe');
      other.src = src;
      other.title = 'Other site';
      document.body.append(other);
      return new Promise((resolve) => other.addEventListener('load', resolve));
    }, intruderUrl);
    const otherFrame = host.frames().find((candidate) => candidate.url() === intruderUrl);
    if (!otherFrame) throw new Error('no intruder frame');
    await otherFrame.evaluate(
      (message) => window.parent.frames[0]?.postMessage(message, '*'),
      theme('#ff00ff', '#ff00ff'),
    );
    await postToFrame(host, theme('red', '#ff00ff'));
    await frame.evaluate((message) => window.postMessage(message, '*'), theme('#ff00ff', '#ff00ff'));
    await host.waitForTimeout(500);
    expect(await primaryColour(frame)).toBe('rgb(17, 102, 51)');

    // The same code a second time is refused, with a message in the frame and an error to the host.
    await host.evaluate((src) => {
      (document.getElementById('convene') as HTMLIFrameElement).src = src;
    }, frameSrc ?? '');
    await expect(
      conveneFrame(host).getByText('This sign-in link has expired or was already used.', { exact: false }),
    ).toBeVisible();
    expect(conveneFrame(host).url()).not.toContain('loginToken');
    await expect
      .poll(async () => (await received(host)).filter((message) => message.type === 'error'))
      .toEqual([{ source: 'convene', v: 1, type: 'error', reason: 'code-invalid' }]);
    expect(uncaught).toEqual([]);
    await context.close();
  });
}

test('a frame that cannot start says so, in the frame and to the host', async ({ browser, page }) => {
  const userId = await registeredUserId(page, 'embedfail');
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 }, locale: 'en-US' });
  // The embedded app's own code cannot be loaded (a proxy dropped it, a deploy replaced it).
  await context.route(`${conveneUrl}/assets/EmbeddedApp-*.js`, (route) => route.abort());
  const host = await context.newPage();
  await host.goto(`${embedHosts.crossSite.url}/?userId=${userId}&path=/calendars`);
  await expect(conveneFrame(host).getByText('Convene could not open here.', { exact: false })).toBeVisible();
  await expect
    .poll(async () => (await received(host)).filter((message) => message.type === 'error'))
    .toEqual([{ source: 'convene', v: 1, type: 'error', reason: 'app-failed' }]);
  await shot(host, 'embed-failed-en');
  await context.close();
});

test('the embedded layout in a narrow frame, in Romanian', async ({ browser, page }) => {
  const userId = await registeredUserId(page, 'embeddedro');
  const context = await browser.newContext({ viewport: { width: 420, height: 800 }, locale: 'ro-RO' });
  const host = await context.newPage();
  await host.goto(`${embedHosts.sameSite.url}/?userId=${userId}&path=/calendars`);
  const frame = conveneFrame(host);
  await expect(frame.getByRole('heading', { name: 'Calendarele mele' })).toBeVisible();
  await expect.poll(async () => (await received(host)).map((message) => message.type)).toContain('ready');
  await shot(host, 'embed-narrow-ro');
  // A refused code explains itself in the reader's language.
  await host.evaluate(() => {
    const frameElement = document.getElementById('convene') as HTMLIFrameElement;
    frameElement.setAttribute('src', frameElement.getAttribute('src') ?? '');
  });
  await expect(
    conveneFrame(host).getByText('Acest link de autentificare a expirat', { exact: false }),
  ).toBeVisible();
  await shot(host, 'embed-refused-ro');
  await context.close();
});
