/*
 * Convene's push-only service worker: it shows Web Push notifications and opens the screen a
 * notification is about. It deliberately has no fetch handler and caches nothing, so the app
 * is always loaded from the network exactly as without it.
 */

const fallbackTitle = 'Convene';
const fallbackPath = '/activity';
const icon = '/push-icon.png';

self.addEventListener('install', () => {
  // A new version takes over at once: it holds no cache that could be out of step with the app.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Open pages become controlled, so a notification click can navigate them.
  event.waitUntil(self.clients.claim());
});

/** The push message as sent by the server ({title, body, url, tag}); tolerant of plain text. */
function readMessage(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

/** The absolute url to open: a same-origin path only, never another site. */
function targetUrl(path) {
  try {
    const url = new URL(typeof path === 'string' && path ? path : fallbackPath, self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // A malformed url falls through to the activity feed.
  }
  return new URL(fallbackPath, self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  const title = typeof message.title === 'string' && message.title ? message.title : fallbackTitle;
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    icon,
    badge: icon,
    data: { url: targetUrl(message.url) },
  };
  // The same tag replaces an earlier notification of the same thing instead of adding one.
  if (typeof message.tag === 'string' && message.tag) options.tag = message.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses an open window of the app on the url, or opens a new one. */
async function openApp(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const sameOrigin = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const client = sameOrigin.find((candidate) => candidate.focused) ?? sameOrigin[0];
  if (client) {
    try {
      const focused = await client.focus();
      if (client.url !== url) await (focused ?? client).navigate(url);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: open the url instead.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data?.url);
  event.waitUntil(openApp(url));
});
