import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The ALTCHA widget's CSS uses light-dark(); lowering it for older browsers breaks its colours.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group)[\\/]/ },
            // Leaflet (and its CSS) stays in the map's own lazy chunk: only pages with a map load it.
            {
              name: 'vendor',
              test: /node_modules[\\/](?!altcha[\\/]|hash-wasm[\\/]|leaflet[\\/]|react-leaflet[\\/]|@react-leaflet[\\/])/,
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
