// Types of server-build.mjs for the TypeScript that imports it (e2e setup, server tests).

/** The built server's entry, relative to the repository root. */
export const SERVER_MAIN: string;
/** Files and folders whose changes make server/dist stale. */
export const SERVER_SOURCES: string[];
/** Packages loaded from node_modules at run time instead of bundled. */
export const EXTERNAL_PACKAGES: string[];
/** Why server/dist needs a build, or null when it is up to date. */
export function serverBuildReason(root?: string): string | null;
/** Builds server/dist when stale (or forced); throws when the build fails. */
export function buildServerIfStale(
  root?: string,
  options?: { force?: boolean; quiet?: boolean },
): Promise<{ built: boolean; message: string }>;
/** The node arguments that run the built server with a command (`serve`, `migrate`). */
export function serverArgs(command?: string): string[];
