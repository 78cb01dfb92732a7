import { sessionStore } from '../../components/safeStorage.ts';

/**
 * Embedded mode (issue 16): the app runs in a host page's iframe. It is decided once, when a
 * framed page first loads, and kept for the tab (sessionStorage), so in-app navigation and
 * reloads keep the embedded layout. A frame denied storage (a third-party frame under the
 * browser's blocking) keeps it in memory: every load of such a frame decides it afresh.
 */

const embeddedKey = 'convene.embedded';
const hostOriginKey = 'convene.embedHost';
const coloursKey = 'convene.embedColours';

/** What the host put in the frame's address: a sign-in code for one user, and first colours. */
export interface EmbedLaunch {
  code: string | null;
  userId: string | null;
}

let launch: EmbedLaunch = { code: null, userId: null };

function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin top window cannot even be compared in some browsers: framed.
    return true;
  }
}

/** Whether this tab runs embedded in a host page. */
export function isEmbedded(): boolean {
  return sessionStore.getItem(embeddedKey) === '1';
}

/**
 * The origin of the page framing this one, as the browser reports it: Chromium's
 * location.ancestorOrigins, else the referrer the host's navigation left (its origin only).
 */
export function framingOrigin(): string | null {
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  const first = ancestors && ancestors.length > 0 ? ancestors[0] : null;
  if (first) return first;
  const stored = sessionStore.getItem(hostOriginKey);
  if (stored) return stored;
  try {
    return document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Runs before the app draws: a framed page enters embedded mode, keeps the host's origin and
 * first colours for the tab, takes the sign-in code out of the address at once
 * (history.replaceState), and holds it for the exchange.
 */
export function captureEmbedLaunch(): void {
  if (!isFramed()) return;
  sessionStore.setItem(embeddedKey, '1');
  const origin = framingOrigin();
  if (origin) sessionStore.setItem(hostOriginKey, origin);
  const url = new URL(window.location.href);
  const params = url.searchParams;
  const primary = params.get('primary');
  const secondary = params.get('secondary');
  if (primary || secondary) sessionStore.setItem(coloursKey, JSON.stringify({ primary, secondary }));
  launch = { code: params.get('loginToken'), userId: params.get('userId') };
  if (!params.has('loginToken') && !params.has('userId')) return;
  for (const name of ['loginToken', 'userId']) params.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The sign-in code taken from the address, once: a second call answers nothing. */
export function takeEmbedLaunch(): EmbedLaunch {
  const taken = launch;
  launch = { code: null, userId: null };
  return taken;
}

/** Whether a sign-in code from the address waits for its exchange. */
export function hasPendingEmbedCode(): boolean {
  return launch.code !== null;
}

/** The colours the host gave in the address (`?primary=&secondary=`), unchecked. */
export function launchColours(): { primary: unknown; secondary: unknown } | null {
  const raw = sessionStore.getItem(coloursKey);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as { primary: unknown; secondary: unknown };
  } catch {
    return null;
  }
}

/** Keeps the host's latest colours for the tab, so a reload paints with them. */
export function rememberColours(colours: { primary: string; secondary: string }): void {
  sessionStore.setItem(coloursKey, JSON.stringify(colours));
}
