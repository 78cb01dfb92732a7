// Types of web.mjs for the TypeScript that imports it (e2e/bundle-budget.spec.ts).

/** One route's weight: the gzipped JavaScript it loads and the most it may load. */
export interface RouteWeight {
  route: string;
  budgetKiB: number;
  files: number;
  gzip: number;
  lazy: boolean;
}

/** Where the manifest of `vite build` is. */
export function manifestPath(distDir: string): string;

/** Gzipped bytes of JavaScript per route from the build manifest, or null without a build. */
export function routeWeights(distDir: string): {
  entry: { files: number; gzip: number };
  routes: RouteWeight[];
  total: { files: number; gzip: number };
  gzipOf: (name: string) => number;
} | null;
