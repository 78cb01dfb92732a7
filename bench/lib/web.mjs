// The web app's weight per route (gzipped JavaScript, from the Vite build manifest) and its start
// in a real browser: headless Chromium (Playwright) with the CPU slowed down 4× through the
// DevTools protocol, timing the sign-in form and the signed-in calendars list.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The routes whose JavaScript the bench weighs. `modules` are the source modules the route
 * renders (relative to web/): when one is its own chunk (a lazy route) the route loads that
 * chunk and its static imports on top of the entry's; when it is not in the manifest it is
 * bundled into the entry. `signedIn` routes also render inside the shell and, but for the
 * `startPage`, load the signed-in screens' texts. `budgetKiB` is the most gzipped JavaScript the
 * route may load (e2e/bundle-budget.spec.ts fails the build beyond it): 200 KiB for the pages a
 * visit starts on (sign-in, the calendars list), about a tenth above today's weight for the rest.
 */
export const ROUTES = [
  { route: '/login (sign-in)', budgetKiB: 200, modules: ['src/features/auth/LoginScreen.tsx'] },
  { route: '/register', budgetKiB: 230, modules: ['src/features/auth/RegisterScreen.tsx'] },
  {
    route: '/ (calendars list)',
    budgetKiB: 200,
    modules: ['src/features/calendars/CalendarsScreen.tsx'],
    signedIn: true,
    startPage: true,
  },
  {
    route: '/calendars/:id/:tab (a calendar)',
    budgetKiB: 340,
    modules: ['src/features/calendars/CalendarDetailScreen.tsx'],
    signedIn: true,
  },
  {
    route: '/calendar/create, /calendar/edit/:id',
    budgetKiB: 320,
    modules: ['src/features/calendars/CalendarFormScreen.tsx'],
    signedIn: true,
  },
  {
    route: '/events (my events)',
    budgetKiB: 300,
    modules: ['src/features/events/agenda/EventsScreen.tsx'],
    signedIn: true,
  },
  {
    route: '/events/:slug (an event)',
    budgetKiB: 340,
    modules: ['src/features/events/details/index.ts'],
    signedIn: true,
  },
  {
    route: '/event/create, /event/edit/:id',
    budgetKiB: 355,
    modules: ['src/features/events/form/index.ts'],
    signedIn: true,
  },
  {
    route: '/activity',
    budgetKiB: 255,
    modules: ['src/features/activity/ActivityScreen.tsx'],
    signedIn: true,
  },
  { route: '/chat (list)', budgetKiB: 285, modules: ['src/features/chat/ChatLayout.tsx'], signedIn: true },
  {
    route: '/chat/conversation/:id',
    budgetKiB: 365,
    modules: ['src/features/chat/ChatLayout.tsx', 'src/features/chat/ConversationScreen.tsx'],
    signedIn: true,
  },
  {
    route: '/chat/new, /chat/conversation/:id/details',
    budgetKiB: 335,
    modules: [
      'src/features/chat/ChatLayout.tsx',
      'src/features/chat/NewConversationScreen.tsx',
      'src/features/chat/GroupInfoScreen.tsx',
    ],
    signedIn: true,
  },
  { route: '/profile', budgetKiB: 270, modules: ['src/features/profile/ProfileScreen.tsx'], signedIn: true },
  {
    route: '/profile/edit',
    budgetKiB: 345,
    modules: ['src/features/profile/ProfileEditScreen.tsx'],
    signedIn: true,
  },
  { route: '/terms, /privacy', budgetKiB: 190, modules: ['src/features/legal/LegalScreen.tsx'] },
];

/** Modules every signed-in route renders besides its own (the shell), when they are chunks. */
const SIGNED_IN_MODULES = ['src/app/Shell.tsx'];

/**
 * The English texts of the signed-in screens beyond the calendars list (web/src/i18n/enScreens.ts):
 * those screens load them beside their code (a dynamic import, so not among their chunk's imports).
 */
const SCREEN_TEXTS_MODULE = 'src/i18n/enScreens.ts';

/** Where the manifest of `vite build` (build.manifest: true) is. */
export function manifestPath(distDir) {
  return path.join(distDir, '.vite', 'manifest.json');
}

/**
 * Gzipped bytes of JavaScript per route: the entry chunk and its static imports, plus for each
 * of the route's modules that is a chunk of its own, that chunk and its static imports (each
 * file counted once). Files are gzipped at level 9 here, as a server or CDN would send them.
 */
export function routeWeights(distDir) {
  const file = manifestPath(distDir);
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) return null;
  const sizes = new Map();
  const gzipped = (name) => {
    if (!sizes.has(name))
      sizes.set(name, gzipSync(readFileSync(path.join(distDir, name)), { level: 9 }).length);
    return sizes.get(name);
  };
  const closure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  };
  const entryFiles = closure(entryKey);
  const entryBytes = sum([...entryFiles].map(gzipped));
  const routes = ROUTES.map(({ route, budgetKiB, modules, signedIn, startPage }) => {
    const files = new Set(entryFiles);
    const lazy = [];
    const withTexts = signedIn && !startPage ? [SCREEN_TEXTS_MODULE] : [];
    for (const module of [...(signedIn ? SIGNED_IN_MODULES : []), ...withTexts, ...modules]) {
      if (!manifest[module]) continue;
      lazy.push(module);
      closure(module, files);
    }
    return {
      route,
      budgetKiB,
      files: files.size,
      gzip: sum([...files].map(gzipped)),
      lazy: lazy.length > 0,
    };
  });
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((name, index, list) => name.endsWith('.js') && list.indexOf(name) === index);
  return {
    entry: { files: entryFiles.size, gzip: entryBytes },
    routes,
    total: { files: allJs.length, gzip: sum(allJs.map(gzipped)) },
    gzipOf: gzipped,
  };
}

/**
 * Times the app's first screens in headless Chromium with the CPU slowed down `cpuSlowdown`
 * times, `runs` times each in a fresh browser context (empty cache): the sign-in form at /login,
 * then, with `storage` (the signed-in account the app keeps in localStorage), the calendars list
 * at /. A script added before any
 * page script notes when the awaited element enters the DOM and when the next frame has been
 * drawn after it (requestAnimationFrame, then a task): that second time, from the navigation's
 * start, is the one reported. Also returns the first contentful paint and the JavaScript the page
 * downloaded (gzipped size of those files in web/dist).
 */
export async function browserTimings({
  baseUrl,
  distDir,
  storage,
  runs = 5,
  cpuSlowdown = 4,
  executablePath,
}) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  const gzipCache = new Map();
  const gzipOfAsset = (url) => {
    const { pathname } = new URL(url);
    if (!gzipCache.has(pathname)) {
      const file = path.join(distDir, pathname);
      gzipCache.set(pathname, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0);
    }
    return gzipCache.get(pathname);
  };
  const screens = [
    { name: 'signIn', url: '/login', selector: 'form input[type="password"]', storage: {} },
    { name: 'calendars', url: '/', selector: 'main ul li a[href^="/calendars/"]', storage },
  ];
  const results = Object.fromEntries(screens.map((screen) => [screen.name, []]));
  try {
    // One warm-up visit so the server's first-request costs are not in the first run.
    await visit(browser, baseUrl, screens[0], cpuSlowdown, gzipOfAsset);
    for (let run = 0; run < runs; run += 1) {
      for (const screen of screens) {
        results[screen.name].push(await visit(browser, baseUrl, screen, cpuSlowdown, gzipOfAsset));
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function visit(browser, baseUrl, screen, cpuSlowdown, gzipOfAsset) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((items) => {
      try {
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      } catch {
        // about:blank has no storage.
      }
    }, screen.storage);
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.addInitScript((selector) => {
      const marks = {};
      window.__benchMarks = marks;
      const check = () => {
        if (marks.dom !== undefined || !document.querySelector(selector)) return;
        marks.dom = performance.now();
        requestAnimationFrame(() =>
          setTimeout(() => {
            marks.painted = performance.now();
          }, 0),
        );
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    }, screen.selector);
    let jsGzip = 0;
    let jsFiles = 0;
    page.on('response', (response) => {
      const url = response.url();
      if (/\/assets\/[^?]+\.js(\?|$)/.test(url)) {
        jsFiles += 1;
        jsGzip += gzipOfAsset(url);
      }
    });
    await page.goto(`${baseUrl}${screen.url}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__benchMarks?.painted !== undefined, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    const marks = await page.evaluate(() => ({
      ...window.__benchMarks,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      path: location.pathname,
    }));
    return { ms: marks.painted, domMs: marks.dom, fcpMs: marks.fcp, jsFiles, jsGzip, path: marks.path };
  } finally {
    await context.close();
  }
}

function sum(values) {
  return values.reduce((total, value) => total + value, 0);
}
