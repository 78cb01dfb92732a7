import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * A JSON file imported with `?signedIn` after its path: a module of its own whose named exports
 * are the file's top-level keys. app/i18nSignedIn.ts imports the signed-in screens' English texts
 * this way, so the build puts them apart from the first page's, which app/i18n.ts imports from
 * the plain path (issue 12). Also used by the web unit tests (vitest.config.ts).
 */
export function jsonSecondPath(): Plugin {
  return {
    name: 'convene:json-second-path',
    enforce: 'pre',
    load(id) {
      const [file, query] = id.split('?');
      if (query !== 'signedIn' || !file?.endsWith('.json')) return null;
      const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const exports = Object.entries(data).map(
        ([key, value]) => `export const ${key} = ${JSON.stringify(value)};`,
      );
      return { code: exports.join('\n'), moduleType: 'js' };
    },
  };
}

export default defineConfig({
  plugins: [react(), jsonSecondPath()],
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
            // Components fewer chunks use stay split by use.
            { name: 'mui-shared', test: /node_modules[\\/]@mui[\\/]material[\\/]/, minShareCount: 12 },
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
