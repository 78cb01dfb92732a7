import fs from 'node:fs';
import path from 'node:path';
import { deriveKey } from '../server/node_modules/altcha-lib/dist/esm/v2/algorithms/pbkdf2.js';
import { type Challenge, solveChallenge } from '../server/node_modules/altcha-lib/dist/esm/v2/index.js';
import { type APIRequestContext, expect, type Page } from './fixtures';

/** A person who signs up in a test; e-mails are unique per call so tests never collide. */
export interface TestUser {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/** A fresh user with a unique e-mail address. */
export function newUser(prefix = 'user'): TestUser {
  counter += 1;
  const unique = `${Date.now().toString(36)}${process.pid}${counter}`;
  return { name: `Test ${prefix}`, email: `${prefix}.${unique}@example.com`, password: 'secret-pass1' };
}

/** Ticks the ALTCHA check and waits until the proof of work is solved. */
export async function solveBotCheck(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await widget.locator('input[type="checkbox"]').click();
  await expect(widget.locator('[data-state="verified"]')).toBeVisible({ timeout: 30_000 });
}

/** Signs up through /register as a person would; ends on the signed-in start page. */
export async function registerThroughUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await solveBotCheck(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Logs in through /login. */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Collects console errors, uncaught exceptions and CSP violations of a page. */
export async function watchForErrors(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return problems;
}

/** Decodes the quoted-printable parts of a mail enough to read links (soft breaks and =XX). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the mails the server wrote to <data dir>/mail for this address and returns the newest link with marker. */
export async function findMailedLink(
  email: string,
  marker: string,
  { mails = 1 }: { mails?: number } = {},
): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (global-setup.ts sets it)');
  const mailDir = path.join(dataDir, 'mail');
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    // Newest first (the names start with the time). Mails leave through the outbox, after the
    // answer: wait until as many as expected have arrived, then take the newest link.
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    const links = files.flatMap((file) => {
      const text = decodeQuotedPrintable(fs.readFileSync(path.join(mailDir, file), 'utf8'));
      if (!text.includes(email)) return [];
      const link = text.match(
        new RegExp(`https?://[^\\s"<>]*${marker.replace(/[?]/g, '\\?')}[^\\s"<>]*`),
      )?.[0];
      return link ? [link.replace(/&amp;/g, '&')] : [];
    });
    if (links.length >= mails && links[0]) return links[0];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Fewer than ${mails} mail(s) with ${marker} for ${email} in ${mailDir}`);
}

/**
 * Opens the confirmation link mailed to the address, as its owner would: invitations sent by
 * e-mail reach an account only once its address is confirmed.
 */
export async function confirmAddress(request: APIRequestContext, email: string): Promise<void> {
  const link = new URL(await findMailedLink(email, '/api/account/confirmEmail?token='));
  const opened = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(opened.headers().location).toBe('/login?emailConfirmed=1');
}

/**
 * Resolves once the page's realtime socket has joined its rooms (Socket.IO's connect packet "40";
 * the server joins the rooms before sending it). Arm it before the navigation that opens the
 * socket: a change another person makes before then reaches the page only through its queries,
 * and a query answered just before the socket joined does not show it.
 */
export function realtimeConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) resolve();
      });
    });
  });
}

/** Solves the server's ALTCHA challenge in Node, as the widget does in the browser (API-made requests). */
export async function solveCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A user signed up through the API, as another person's browser would have done. */
export interface ApiUser extends TestUser {
  userId: string;
  loginToken: string;
  /** The whole register answer: what the web app keeps in localStorage. */
  stored: Record<string, unknown>;
}

/** Registers a fresh user through the API (solving the bot check). */
export async function registerByApi(request: APIRequestContext, prefix: string): Promise<ApiUser> {
  const user = newUser(prefix);
  const response = await request.post('/api/auth/register', {
    headers: { version: '3.7' },
    data: { ...user, recaptchaCode: await solveCaptcha(request) },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const stored = (await response.json()) as Record<string, unknown> & { userId: string; loginToken: string };
  return { ...user, userId: stored.userId, loginToken: stored.loginToken, stored };
}
