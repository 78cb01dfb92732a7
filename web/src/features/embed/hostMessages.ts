import { apiFetch } from '../../api/client.ts';
import { framingOrigin, isEmbedded } from './embeddedMode.ts';

/**
 * The versioned messages between the app and its host page (issue 16, PRODUCT.md part 2 §1
 * "posts messages to the parent window about the opened conversation id and calendar id";
 * docs/EMBED.md documents them for hosts).
 */
export type AppToHostMessage =
  | { type: 'ready' }
  | { type: 'error'; reason: EmbedErrorReason }
  | { type: 'conversation-opened'; conversationId: string; calendarId: string | null }
  | { type: 'calendar-opened'; calendarId: string }
  | { type: 'unread-changed'; count: number }
  | { type: 'navigated'; path: string };

/**
 * Why the frame shows an error instead of the app (docs/EMBED.md): the code was used or expired,
 * was minted for another user or another host, signing in failed, or the app itself failed.
 */
export type EmbedErrorReason =
  | 'code-invalid'
  | 'wrong-user'
  | 'wrong-origin'
  | 'sign-in-failed'
  | 'app-failed';

/** What the host may send: a theme (§4 "Embedding and theming") or a path to open. */
export type HostToAppMessage =
  | { type: 'theme'; primary: string; secondary: string }
  | { type: 'navigate'; path: string };

const colourPattern = /^#[0-9a-fA-F]{6}$/;

/** Whether a value is a colour the theme accepts: exactly #RRGGBB. */
export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && colourPattern.test(value);
}

/**
 * Whether a path is one of the app's own: starts with '/', not '//' or '/\' (which browsers
 * read as another host), no scheme, bounded, without control characters.
 */
export function isAppPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 500) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  try {
    return new URL(value, 'https://app.invalid').origin === 'https://app.invalid';
  } catch {
    return false;
  }
}

/** A host message's data, validated; anything else (other sources, versions, types) is null. */
export function parseHostMessage(data: unknown): HostToAppMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.source !== 'convene' || message.v !== 1) return null;
  if (message.type === 'theme' && isHexColour(message.primary) && isHexColour(message.secondary)) {
    return { type: 'theme', primary: message.primary, secondary: message.secondary };
  }
  if (message.type === 'navigate' && isAppPath(message.path)) return { type: 'navigate', path: message.path };
  return null;
}

/**
 * The origin messages go to and come from: the page framing this one, only when it is one of
 * the configured hosts. Never '*': a page that framed the app without being allowed (or a
 * browser that hides the framing origin) gets no message and is never listened to.
 */
export function allowedHostOrigin(allowed: readonly string[], framing: string | null): string | null {
  return framing !== null && allowed.includes(framing) ? framing : null;
}

/**
 * Whether a message event may be acted on: it comes from exactly the allowed host origin AND
 * from the parent window itself (not another frame of the host page, nor this window).
 */
export function isFromHost(
  event: Pick<MessageEvent, 'origin' | 'source'>,
  hostOrigin: string | null,
  parent: Window,
): boolean {
  return hostOrigin !== null && event.origin === hostOrigin && event.source === parent;
}

let hostOrigin: string | null = null;
let started = false;
let connected = false;
const queued: AppToHostMessage[] = [];
const handlers = new Set<(message: HostToAppMessage) => void>();
/** The last count told, so the host hears of a change only (several screens watch the count). */
let lastUnread: number | null = null;

function deliver(message: AppToHostMessage): void {
  if (!hostOrigin) return;
  window.parent.postMessage({ source: 'convene', v: 1, ...message }, hostOrigin);
}

/** Sends a message to the host page (embedded mode only; held until the host is known). */
export function postToHost(message: AppToHostMessage): void {
  if (!isEmbedded() || window.parent === window) return;
  if (message.type === 'unread-changed') {
    if (message.count === lastUnread) return;
    lastUnread = message.count;
  }
  if (!connected) {
    // The allowed origins are still loading: keep the latest of each type, in order.
    const index = queued.findIndex((held) => held.type === message.type);
    if (index >= 0) queued.splice(index, 1);
    queued.push(message);
    return;
  }
  deliver(message);
}

/** Calls the handler with each valid message from the host; answers the unsubscribe. */
export function subscribeHostMessages(handler: (message: HostToAppMessage) => void): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

function onMessage(event: MessageEvent): void {
  if (!isFromHost(event, hostOrigin, window.parent)) return;
  const message = parseHostMessage(event.data);
  if (!message) return;
  for (const handler of handlers) handler(message);
}

/**
 * Connects to the host (embedded mode, once per page): learns the allowed origins from the
 * public configuration, listens to the host, says `ready`, then sends what waited.
 */
export async function connectToHost(): Promise<void> {
  if (started || !isEmbedded() || window.parent === window) return;
  started = true;
  const config = await apiFetch<{ embedOrigins: string[] }>('/api/config').catch(() => null);
  hostOrigin = allowedHostOrigin(config?.embedOrigins ?? [], framingOrigin());
  connected = true;
  window.addEventListener('message', onMessage);
  deliver({ type: 'ready' });
  for (const message of queued.splice(0)) deliver(message);
}
