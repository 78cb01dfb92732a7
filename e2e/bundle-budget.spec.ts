import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeWeights } from '../bench/lib/web.mjs';
import { expect, test } from './fixtures';

/** The build under test: the one global-setup.ts made (E2E_WEB_DIST, else web/dist). */
const distDir = process.env.E2E_WEB_DIST
  ? path.resolve(process.env.E2E_WEB_DIST)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'dist');

test('every route loads no more gzipped JavaScript than its budget', () => {
  const weights = routeWeights(distDir);
  expect(weights, `no build manifest in ${distDir}`).not.toBeNull();
  const over = (weights?.routes ?? [])
    .filter((route) => route.gzip > route.budgetKiB * 1024)
    .map((route) => `${route.route}: ${(route.gzip / 1024).toFixed(1)} KiB > ${route.budgetKiB} KiB`);
  expect(over).toEqual([]);
  // The pages a visit starts on stay within the first page's 200 KiB.
  const firstPages = (weights?.routes ?? []).filter((route) =>
    ['/login (sign-in)', '/ (calendars list)'].includes(route.route),
  );
  expect(firstPages.map((route) => route.budgetKiB)).toEqual([200, 200]);
});
