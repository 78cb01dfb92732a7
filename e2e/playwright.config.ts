import net from 'node:net';
import { defineConfig, devices } from '@playwright/test';

/** A free loopback port, chosen once: workers inherit E2E_PORT, so all agree on the server. */
async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await findFreePort());
// The example host page of embed.spec.ts (scripts/embed-demo.mjs): another origin, allowed to embed.
process.env.E2E_EMBED_PORT ??= String(await findFreePort());
// A second host page, opened as http://localhost:<port>: another site than the app's 127.0.0.1,
// so its frame is third-party and Chromium denies it storage.
process.env.E2E_EMBED_CROSS_SITE_PORT ??= String(await findFreePort());

/** Browser tests against the real server (started by global-setup.ts with a fresh data dir). */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  globalSetup: './global-setup.ts',
  workers: 2,
  fullyParallel: false,
  // Each screen a test visits is also scanned with axe-core (fixtures.ts): journeys get room for it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Several people may run browser tests in one checkout: E2E_OUTPUT_DIR keeps artifacts apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    locale: 'en-US',
    // The app honours reduced motion (no fades): screens settle at once, for the scans too.
    reducedMotion: 'reduce',
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            // Live streams (streams.spec.ts): a generated camera and microphone, allowed without a prompt.
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
          ],
        },
      },
    },
  ],
});
