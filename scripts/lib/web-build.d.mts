// Types of web-build.mjs for the TypeScript that imports it (e2e setup, server tests).

/** Files and folders whose changes make a web build stale (relative to the repository root). */
export const WEB_SOURCES: readonly string[];
/** Why web/dist needs a build, or null when it is up to date. */
export function webBuildReason(root: string): string | null;
/** Builds web/ with `npm run build -w web` if stale; ok is false when there is no web app or the build failed. */
export function buildWebIfStale(
  root: string,
  options?: { env?: NodeJS.ProcessEnv },
): Promise<{ ok: boolean; built: boolean; message: string }>;
