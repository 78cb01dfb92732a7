import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/** The queries that make a JSON import a module of named exports (jsonSecondPath). */
const namedJsonQueries = ['signedIn', 'screens'];

/**
 * A JSON file imported with `?signedIn` or `?screens` after its path: a module of its own (one
 * per query) whose named exports are the file's top-level keys. app/i18nSignedIn.ts and
 * i18n/enScreens.ts import English texts this way, so the build puts the shell's and the other
 * signed-in screens' texts apart from each other and from the first page's, which app/i18n.ts
 * imports from the plain path (issue 12). Also used by the web unit tests (vitest.config.ts).
 */
export function jsonSecondPath(): Plugin {
  return {
    name: 'convene:json-second-path',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (!query || !namedJsonQueries.includes(query) || !file?.endsWith('.json')) return null;
      const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const exports = Object.entries(data).map(
        ([key, value]) => `export const ${key} = ${JSON.stringify(value)};`,
      );
      return { code: exports.join('\n'), moduleType: 'js' };
    },
  };
}

/** MUI's index module, which re-exports every component: app code imports from it by name. */
const muiBarrel = /node_modules[\\/]@mui[\\/]material[\\/]index\.m?js$/;
/** Any module of MUI's components package. */
const muiMaterial = /node_modules[\\/]@mui[\\/]material[\\/]/;

/** The names a module's code imports from '@mui/material' (`import { Box, Stack as S } …`). */
function muiNamesImportedBy(code: string | null): string[] {
  const names: string[] = [];
  for (const [, list = ''] of (code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mui\/material["']/g))
    for (const part of list.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  return names;
}

/**
 * Every module `roots` import statically, directly or through others (the roots included). An
 * import of MUI's index counts as imports of the components named (their folders' index modules;
 * a name without a folder of its own, such as `styled`, as the styles module), not of all of MUI.
 */
function staticallyReachable(ctx: Rolldown.ChunkingContext, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      if (!muiBarrel.test(imported)) {
        pending.push(imported);
        continue;
      }
      const components = ctx.getModuleInfo(imported)?.importedIds ?? [];
      const folder = (name: string) => new RegExp(`[\\\\/]${name}[\\\\/]index\\.m?js$`);
      for (const name of muiNamesImportedBy(info?.code ?? null)) {
        const component = components.find((candidate) => folder(name).test(candidate));
        const styles = components.find((candidate) => folder('styles').test(candidate));
        if (component ?? styles) pending.push((component ?? styles) as string);
      }
    }
  }
  return seen;
}

const source = (file: string) => path.resolve(import.meta.dirname, 'src', file);

/** The modules every visit may start on: the entry, the sign-in screen, the shell and the calendars list. */
const firstPageRoots = [
  source('main.tsx'),
  source('features/auth/LoginScreen.tsx'),
  source('app/Shell.tsx'),
  source('features/calendars/CalendarsScreen.tsx'),
];

/**
 * MUI components that many screens use but no first page runs (chips, transitions, portals …): a
 * shared chunk of their own for those screens, so the sign-in page and the calendars list do not
 * download them with `mui-shared` (issue 12: a component crossing the share count there grew both).
 */
function muiScreensGroup(): Rolldown.CodeSplittingGroup {
  let firstPage: { ctx: Rolldown.ChunkingContext; ids: Set<string> } | null = null;
  const firstPageOf = (ctx: Rolldown.ChunkingContext) => {
    if (firstPage?.ctx !== ctx) firstPage = { ctx, ids: staticallyReachable(ctx, firstPageRoots) };
    return firstPage.ids;
  };
  return {
    name: (id, ctx) => (muiMaterial.test(id) && !firstPageOf(ctx).has(id) ? 'mui-screens' : null),
    debugName: 'mui-screens',
    minShareCount: 12,
    // What they import from the first pages' modules (the styling, the theme) stays there.
    includeDependenciesRecursively: false,
  };
}

/**
 * The chunk of the signed-in start page: what the shell and the calendars list import that the
 * entry does not already hold, in one file. Split by use they were some forty small chunks (one
 * per MUI component, icon, hook), each gzipped on its own: a quarter more bytes for the page every
 * signed-in visit starts on (issue 12). What the sign-in screen also imports stays apart, so
 * signing in does not load the shell's code. The two screens stay chunks of their own (which
 * import this one), so the build's manifest still names them for the bench's table.
 */
function signedInStartGroup(): Rolldown.CodeSplittingGroup {
  const roots = [source('app/Shell.tsx'), source('features/calendars/CalendarsScreen.tsx')];
  let members: { ctx: Rolldown.ChunkingContext; ids: Set<string> } | null = null;
  const membersOf = (ctx: Rolldown.ChunkingContext) => {
    if (members?.ctx !== ctx) {
      const ids = staticallyReachable(ctx, roots);
      for (const other of [
        ...roots,
        ...staticallyReachable(ctx, [source('main.tsx'), source('features/auth/LoginScreen.tsx')]),
      ])
        ids.delete(other);
      members = { ctx, ids };
    }
    return members.ids;
  };
  // Only the modules named: what they import that is not theirs (the entry's) stays where it is.
  return {
    name: (id, ctx) => (membersOf(ctx).has(id) ? 'signed-in' : null),
    debugName: 'signed-in',
    includeDependenciesRecursively: false,
  };
}

/** The pages the build prerenders, each in every language: the first page of a returning visitor. */
const prerenderedPages = ['/login'];
const prerenderedLanguages = ['en', 'ro'] as const;

/** Where a prerendered page is written in the build: the server serves it for its path. */
export const prerenderedFile = (page: string, language: string) =>
  path.join('prerendered', `${page.slice(1)}.${language}.html`);

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** index.html with the page's markup in its root (marked for main.tsx) and its styles in <head>. */
function prerenderedHtml(
  template: string,
  page: string,
  language: string,
  { html, styles, title }: { html: string; styles: string; title: string },
): string {
  const replace = (from: string, to: string) => (text: string) => {
    if (!text.includes(from)) throw new Error(`prerender: index.html has no ${from}`);
    return text.replace(from, () => to);
  };
  const root = `<div id="root" data-prerendered-path="${page}" data-prerendered-language="${language}">`;
  return [
    replace('<html lang="en">', `<html lang="${language}">`),
    replace('<title>Convene</title>', `<title>${escapeHtml(title)}</title>`),
    replace('</head>', `${styles}</head>`),
    replace('<div id="root"></div>', `${root}${html}</div>`),
  ].reduce((text, step) => step(text), template);
}

/**
 * After the browser build: renders the sign-in page with the app's own components in Node
 * (src/app/prerender.tsx, built for Node beside the bundle) and writes it, in each language, into
 * dist/prerendered/. The server sends it for /login in the visitor's language, so the form is on
 * screen as soon as the HTML arrives, before any script runs; main.tsx then hydrates it (issue 12:
 * the first page drawn within 1.5 s on a slow phone).
 */
function prerenderFirstPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'convene:prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      // Inside web/node_modules, so that the Node build's imports of packages resolve.
      const serverDir = path.join(config.root, 'node_modules', `.prerender-${process.pid}`);
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react(), jsonSecondPath()],
          build: { ssr: source('app/prerender.tsx'), outDir: serverDir, emptyOutDir: true, minify: false },
        });
        const { prerenderPage } = (await import(
          pathToFileURL(path.join(serverDir, 'prerender.js')).href
        )) as {
          prerenderPage: (
            page: string,
            language: string,
          ) => Promise<{ html: string; styles: string; title: string }>;
        };
        mkdirSync(path.join(outDir, 'prerendered'), { recursive: true });
        for (const page of prerenderedPages) {
          for (const language of prerenderedLanguages) {
            const rendered = await prerenderPage(page, language);
            writeFileSync(
              path.join(outDir, prerenderedFile(page, language)),
              prerenderedHtml(template, page, language, rendered),
            );
          }
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), jsonSecondPath(), prerenderFirstPages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: `npm run bench` reads which chunks each route loads.
    manifest: true,
    // The ALTCHA widget's CSS uses light-dark(); lowering it for older browsers breaks its colours.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: the core every page needs (React, the
        // router, MUI's styling engine) has chunks of its own that stay cached across releases.
        // Everything else, MUI's components included, is split by use, so a screen loads only
        // what it renders and heavy parts (the map, the image cropper, the ALTCHA widget) load
        // with the screens or dialogs that use them (issue 12).
        codeSplitting: {
          groups: [
            // app/preloadFirstScreen.ts in a chunk of its own, which the entry imports first: it
            // runs before React, MUI and i18next are evaluated (in the entry chunk it ran after
            // them), so the first screen's code loads meanwhile (issue 12).
            {
              name: 'first-screen',
              test: /[\\/]src[\\/](app[\\/]preloadFirstScreen|features[\\/]auth[\\/]sessionStorage)\.ts$/,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // zod in one chunk of its own, loaded by the screens that check forms; the contract's
            // modules go with their users, so a page that only needs its constants (limits,
            // layout) does not download zod (issue 12). zodConfig.ts configures zod without
            // importing it (see there).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Only the parts the first page runs ($initial): the rest of these packages (roving
            // focus for menus and tabs, grid, container queries …) goes with the screens that use it.
            {
              name: 'mui-core',
              test: /node_modules[\\/](@emotion|@mui[\\/](system|styled-engine|utils|private-theming))[\\/]/,
              tags: ['$initial'],
            },
            // TanStack Query in one chunk (the shell, the register screen and every signed-in
            // screen use it; split by hook it was four small files).
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
            // MUI components that many screens use (the sign-in page's and the shell's: buttons,
            // inputs, typography, paper, alerts …) in one chunk rather than dozens of small
            // ones, each gzipped on its own: fewer bytes and requests for every route (issue 12).
            // Components fewer chunks use stay split by use; those no first page runs go to
            // `mui-screens` first.
            muiScreensGroup(),
            { name: 'mui-shared', test: muiMaterial, minShareCount: 12 },
            signedInStartGroup(),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/media': { target: apiTarget },
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
