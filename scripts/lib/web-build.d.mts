// Types of web-build.mjs for the TypeScript that imports it (e2e setup).

/** Files and folders whose changes make a web build stale (relative to the repository root). */
export const WEB_SOURCES: readonly string[];
