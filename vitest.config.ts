import { defineConfig } from 'vitest/config';
import { jsonSecondPath } from './web/vite.config.ts';

/**
 * Unit and integration tests. Integration suites open a real database each (PGlite from a
 * migrated template, and PostgreSQL when TEST_DATABASE_URL is set), so workers are capped:
 * PGlite takes about 350 MB per open instance.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'contract', include: ['contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        plugins: [jsonSecondPath()],
        test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/globalSetup.ts'],
        },
      },
    ],
  },
});
