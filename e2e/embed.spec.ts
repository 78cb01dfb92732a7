import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shot } from './calendarsHelpers.ts';
import { expect, type Frame, type Page, test } from './fixtures';
import { embedHostKey } from './global-setup.ts';
import { newUser, registerThroughUi } from './helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const conveneUrl = `http://127.0.0.1:${process.env.E2E_PORT}`;
const hostUrl = `http://127.0.0.1:${process.env.E2E_EMBED_PORT}`;

let demo: ChildProcess;
/** A page of an origin that may not embed the app (a frame the host page also shows). */
let intruder: http.Server;
let intruderUrl = '';

test.beforeAll(async () => {
  demo = spawn(process.execPath, [path.join(root, 'scripts/embed-demo.mjs')], {
    env: {
      ...process.env,
      CONVENE_URL: conveneUrl,
      EMBED_DEMO_PORT: process.env.E2E_EMBED_PORT,
      EMBED_DEMO_KEY: embedHostKey,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${hostUrl}/missing`).catch(() => null))?.status ?? 0, { timeout: 15_000 })
    .toBe(404);
  intruder = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Other site</title>');
  });
  await new Promise<void>((resolve) => intruder.listen(0, '127.0.0.1', resolve));
  intruderUrl = `http://127.0.0.1:${(intruder.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  demo?.kill('SIGTERM');
  await new Promise((resolve) => intruder?.close(resolve));
});

type HostMessage = { source: string; v: number; type: string; [key: string]: unknown };
const received = (host: Page) =>
  host.evaluate(() => (window as unknown as { conveneMessages: HostMessage[] }).conveneMessages);

function conveneFrame(host: Page): Frame {
  const frame = host.frames().find((candidate) => candidate.url().startsWith(conveneUrl));
  if (!frame) throw new Error('no Convene frame');
  return frame;
}

/** The colour of the selected side navigation entry: MUI's primary.main. */
const primaryColour = (frame: Frame) =>
  frame
    .locator('nav [aria-current="page"]')
    .first()
    .evaluate((element) => getComputedStyle(element).color);

const theme = (primary: string, secondary: string) => ({
  source: 'convene',
  v: 1,
  type: 'theme',
  primary,
  secondary,
});

test('a host page signs its user in with a one-time code, hears what opens and themes the app', async ({
  browser,
  page,
}) => {
  await registerThroughUi(page, newUser('embedded'));
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { userId: string }).userId,
  );

  const context = await browser.newContext({ viewport: { width: 1500, height: 850 }, locale: 'en-US' });
  const host = await context.newPage();
  // The host's colours in the address paint the first screen.
  await host.goto(`${hostUrl}/?userId=${userId}&path=/chat&primary=%23aa3300&secondary=%23005544`);
  const frameSrc = await host.locator('#convene').getAttribute('src');
  expect(frameSrc).toContain('loginToken=');

  const frame = conveneFrame(host);
  const conversation = frame.getByRole('link', { name: /Support/ }).first();
  await expect(conversation).toBeVisible();
  // The code left the frame's address at once; the session lives in this tab only.
  expect(frame.url()).not.toContain('loginToken');
  expect(frame.url()).not.toContain('userId');
  expect(frame.url()).toContain('/chat');
  expect(await frame.evaluate(() => localStorage.getItem('convene.account'))).toBeNull();
  expect(await frame.evaluate(() => sessionStorage.getItem('convene.account'))).toContain(userId);
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
  await shot(host, 'embed-wide-en');
  await frame
    .getByRole('link', { name: /Test embedded/ })
    .first()
    .click();
  await expect.poll(() => frame.url()).toMatch(/\/calendars\/[^/]+\/events/);
  const calendarId = /\/calendars\/([^/?#]+)/.exec(frame.url())?.[1];
  await expect
    .poll(async () => (await received(host)).find((message) => message.type === 'calendar-opened'))
    .toEqual({ source: 'convene', v: 1, type: 'calendar-opened', calendarId });

  // A theme from the host restyles the app live.
  await host.evaluate(
    ([message, origin]) =>
      (document.getElementById('convene') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
    [theme('#116633', '#553311'), conveneUrl] as const,
  );
  await expect.poll(() => primaryColour(frame)).toBe('rgb(17, 102, 51)');
  // The host may open one of the app's paths, never another site.
  for (const path of ['//evil.example/', '/events']) {
    await host.evaluate(
      ([message, origin]) =>
        (document.getElementById('convene') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
      [{ source: 'convene', v: 1, type: 'navigate', path }, conveneUrl] as const,
    );
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
  await host.evaluate(
    ([message, origin]) =>
      (document.getElementById('convene') as HTMLIFrameElement).contentWindow?.postMessage(message, origin),
    [theme('red', '#ff00ff'), conveneUrl] as const,
  );
  await frame.evaluate((message) => window.postMessage(message, '*'), theme('#ff00ff', '#ff00ff'));
  await host.waitForTimeout(500);
  expect(await primaryColour(frame)).toBe('rgb(17, 102, 51)');

  // The same code a second time is refused, with a message in the frame.
  await host.evaluate((src) => {
    (document.getElementById('convene') as HTMLIFrameElement).src = src;
  }, frameSrc ?? '');
  await expect(
    conveneFrame(host).getByText('This sign-in link has expired or was already used.', { exact: false }),
  ).toBeVisible();
  expect(conveneFrame(host).url()).not.toContain('loginToken');
  await context.close();
});

test('the embedded layout in a narrow frame, in Romanian', async ({ browser, page }) => {
  await registerThroughUi(page, newUser('embeddedro'));
  const userId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('convene.account') ?? '{}') as { userId: string }).userId,
  );
  const context = await browser.newContext({ viewport: { width: 420, height: 800 }, locale: 'ro-RO' });
  const host = await context.newPage();
  await host.goto(`${hostUrl}/?userId=${userId}&path=/calendars`);
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
