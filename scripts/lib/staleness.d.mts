// Types of staleness.mjs for the TypeScript that imports it (e2e setup).

/** Why the output `built` needs a rebuild, or null when it is newer than every file under `sources`. */
export function staleReason(root: string, built: string, sources: readonly string[]): string | null;
/** Dates the output `built` to when its build began, so sources saved during the build count as changes. */
export function markBuiltAt(root: string, built: string, startedAt: Date): void;
