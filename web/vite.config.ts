import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
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
            // zod, the contract's schemas and zodConfig.ts in one chunk, in import order, so that
            // zodConfig (main.tsx's first import: no eval under the strict CSP) runs before any
            // schema is defined; split apart, the contract's chunk ran first.
            {
              name: 'schemas',
              test: /(node_modules[\\/]zod[\\/]|contract[\\/]src[\\/]|src[\\/]app[\\/]zodConfig\.ts$)/,
            },
            {
              name: 'mui-core',
              test: /node_modules[\\/](@emotion|@mui[\\/](system|styled-engine|utils|private-theming))[\\/]/,
            },
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
