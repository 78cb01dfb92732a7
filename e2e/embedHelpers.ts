import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Frame, type Page } from './fixtures';
import { crossSiteEmbedHostKey, embedHost, embedHostKey } from './global-setup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The app under test, as the host pages frame it. */
export const conveneUrl = `http://127.0.0.1:${process.env.E2E_PORT}`;

/**
 * The two example host pages (scripts/embed-demo.mjs): one on the app's own site (127.0.0.1,
 * another port), where the frame keeps its storage; one on another site (localhost), where the
 * frame is third-party and Chromium denies it storage (its default for third-party frames).
 */
export const embedHosts = {
  sameSite: { url: embedHost.sameSite, port: process.env.E2E_EMBED_PORT, key: embedHostKey },
  crossSite: {
    url: embedHost.crossSite,
    port: process.env.E2E_EMBED_CROSS_SITE_PORT,
    key: crossSiteEmbedHostKey,
  },
} as const;

export type EmbedHost = keyof typeof embedHosts;

/** Starts the example host pages and waits until both answer. */
export async function startEmbedHosts(): Promise<ChildProcess[]> {
  const demos = Object.values(embedHosts).map((host) =>
    spawn(process.execPath, [path.join(root, 'scripts/embed-demo.mjs')], {
      env: { ...process.env, CONVENE_URL: conveneUrl, EMBED_DEMO_PORT: host.port, EMBED_DEMO_KEY: host.key },
      stdio: 'ignore',
    }),
  );
  for (const host of Object.values(embedHosts)) {
    await expect
      .poll(async () => (await fetch(`${host.url}/missing`).catch(() => null))?.status ?? 0, {
        timeout: 15_000,
      })
      .toBe(404);
  }
  return demos;
}

export type HostMessage = { source: string; v: number; type: string; [key: string]: unknown };

/** The messages the host page received from the app, in order. */
export const received = (host: Page) =>
  host.evaluate(() => (window as unknown as { conveneMessages: HostMessage[] }).conveneMessages);

/** The app's frame in the host page. */
export function conveneFrame(host: Page): Frame {
  const frame = host.frames().find((candidate) => candidate.url().startsWith(conveneUrl));
  if (!frame) throw new Error('no Convene frame');
  return frame;
}

/** Posts a message to the app's frame from the host page, as a host does. */
export async function postToFrame(host: Page, message: Record<string, unknown>): Promise<void> {
  await host.evaluate(
    ([data, origin]) =>
      (document.getElementById('convene') as HTMLIFrameElement).contentWindow?.postMessage(data, origin),
    [message, conveneUrl] as const,
  );
}

/** What reading sessionStorage in the frame gives: 'readable', or the browser's error. */
export const frameStorage = (frame: Frame) =>
  frame.evaluate(() => {
    try {
      sessionStorage.getItem('probe');
      return 'readable';
    } catch (error) {
      return String(error);
    }
  });

/** The colour of the selected side navigation entry: MUI's primary.main. */
export const primaryColour = (frame: Frame) =>
  frame
    .locator('nav [aria-current="page"]')
    .first()
    .evaluate((element) => getComputedStyle(element).color);

/** The colour of the selected tab's indicator: the secondary (highlight) colour. */
export const tabIndicatorColour = (frame: Frame) =>
  frame
    .getByRole('tablist')
    .first()
    .locator('xpath=..')
    .locator('.MuiTabs-indicator')
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** The outline of what keyboard focus lands on next in the frame. */
export async function keyboardFocusOutline(host: Page, frame: Frame): Promise<string> {
  await host.keyboard.press('Tab');
  return frame.evaluate(() => {
    const focused = document.activeElement;
    return focused ? getComputedStyle(focused).outlineColor : '';
  });
}

export const theme = (primary: string, secondary: string) => ({
  source: 'convene',
  v: 1,
  type: 'theme',
  primary,
  secondary,
});
