// `npm run embed-demo`: an example host page that embeds Convene (docs/EMBED.md). It plays the
// host's part: its server mints a one-time sign-in code with its host key, its page frames
// Convene with that code, logs the app's messages and sends it a theme.
//
//   CONVENE_URL        Convene's address (default http://127.0.0.1:3000)
//   EMBED_DEMO_PORT    this host page's port (default 4100); the origin it is opened at,
//                      http://127.0.0.1:<port> (Convene's own site) or http://localhost:<port>
//                      (another site: a third-party frame, which browsers may deny storage),
//                      must be in Convene's EMBED_ALLOWED_ORIGINS
//   EMBED_DEMO_KEY     the key of that origin, as in Convene's EMBED_HOST_KEYS
//   EMBED_DEMO_USER_ID the Convene user to sign in (or ?userId= on the page)
import http from 'node:http';

const conveneUrl = (process.env.CONVENE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const conveneOrigin = new URL(conveneUrl).origin;
const port = Number(process.env.EMBED_DEMO_PORT ?? 4100);
const hostKey = process.env.EMBED_DEMO_KEY ?? '';
const defaultUserId = process.env.EMBED_DEMO_USER_ID ?? '';

if (!hostKey) {
  console.error(
    `[embed-demo] Set EMBED_DEMO_KEY to this host's key and start Convene with
  EMBED_ALLOWED_ORIGINS=http://127.0.0.1:${port}
  EMBED_HOST_KEYS=http://127.0.0.1:${port}=<the same key>
(see docs/EMBED.md).`,
  );
  process.exit(1);
}

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const colourOr = (value, fallback) => (/^#[0-9a-fA-F]{6}$/.test(value ?? '') ? value : fallback);

/** The host's server side: asks Convene for a one-time code for one of its users. */
async function mintCode(userId) {
  const response = await fetch(`${conveneUrl}/api/embed/codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${hostKey}` },
    body: JSON.stringify({ userId }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`Convene answered ${response.status}: ${body.message ?? ''}`);
  return body.code;
}

function page({ frameSrc, primary, secondary, error }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example host page</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; display: grid; grid-template-columns: 1fr 280px; height: 100vh; }
  iframe { border: 0; width: 100%; height: 100%; }
  aside { padding: 12px; border-left: 1px solid #ccc; overflow: auto; font-size: 14px; }
  li { word-break: break-all; margin-bottom: 4px; }
  @media (max-width: 700px) { body { grid-template-columns: 1fr; grid-template-rows: 1fr 200px; } }
</style>
</head>
<body>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : `<iframe id="convene" title="Convene" src="${escapeHtml(frameSrc)}" allow="camera; microphone; fullscreen; autoplay"></iframe>`}
<aside>
  <h1 style="font-size:16px">Host page</h1>
  <form id="theme">
    <label>Main colour <input id="primary" type="color" value="${primary}"></label><br>
    <label>Highlight <input id="secondary" type="color" value="${secondary}"></label><br>
    <button>Apply theme</button>
  </form>
  <h2 style="font-size:14px">Messages from Convene</h2>
  <ol id="messages"></ol>
</aside>
<script>
  const conveneOrigin = ${JSON.stringify(conveneOrigin)};
  const frame = document.getElementById('convene');
  window.conveneMessages = [];
  window.addEventListener('message', (event) => {
    // Trust only Convene's frame, and only its versioned messages.
    if (event.origin !== conveneOrigin || !frame || event.source !== frame.contentWindow) return;
    if (event.data?.source !== 'convene' || event.data.v !== 1) return;
    window.conveneMessages.push(event.data);
    const item = document.createElement('li');
    item.textContent = JSON.stringify(event.data);
    document.getElementById('messages').append(item);
  });
  document.getElementById('theme').addEventListener('submit', (event) => {
    event.preventDefault();
    frame?.contentWindow.postMessage(
      { source: 'convene', v: 1, type: 'theme',
        primary: document.getElementById('primary').value, secondary: document.getElementById('secondary').value },
      conveneOrigin,
    );
  });
</script>
</body>
</html>`;
}

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname !== '/') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const userId = url.searchParams.get('userId') ?? defaultUserId;
  // Which Convene screen opens first: one of its paths.
  const pathParam = url.searchParams.get('path') ?? '/';
  const appPath = pathParam.startsWith('/') && !pathParam.startsWith('//') ? pathParam : '/';
  const primary = colourOr(url.searchParams.get('primary'), '#4256c1');
  const secondary = colourOr(url.searchParams.get('secondary'), '#1f2a5c');
  let html;
  try {
    if (!userId) throw new Error('Give the Convene user to sign in: ?userId=… or EMBED_DEMO_USER_ID');
    const code = await mintCode(userId);
    const frameUrl = new URL(appPath, conveneUrl);
    frameUrl.searchParams.set('loginToken', code);
    frameUrl.searchParams.set('userId', userId);
    if (url.searchParams.has('primary')) frameUrl.searchParams.set('primary', primary);
    if (url.searchParams.has('secondary')) frameUrl.searchParams.set('secondary', secondary);
    html = page({ frameSrc: frameUrl.href, primary, secondary });
  } catch (error) {
    html = page({ primary, secondary, error: error.message });
  }
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .end(html);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`[embed-demo] host page at http://127.0.0.1:${port}/ embedding ${conveneUrl}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
