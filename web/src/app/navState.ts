/** State passed with every menu navigation (PRODUCT.md §1.2 Shell). */
export interface NavState {
  /** The path the user navigated from. */
  from: string;
  /** The calendar the user was in, carried so screens can return to it. */
  calendarId?: string;
}

/** Reads a NavState from history state, which may hold anything. */
export function readNavState(state: unknown): NavState | null {
  if (typeof state !== 'object' || state === null) return null;
  const record = state as Record<string, unknown>;
  if (typeof record.from !== 'string') return null;
  return typeof record.calendarId === 'string'
    ? { from: record.from, calendarId: record.calendarId }
    : { from: record.from };
}

/** True for the events screens: /events, /events/{slug}, /event/create, /event/edit/{id}. */
export function isEventsPath(path: string): boolean {
  return /^\/events?(\/|$)/.test(path);
}

/** The calendar id of a calendar screen path (/calendars/{id}/{tab}, /calendar/edit/{id}). */
export function calendarIdFromPath(path: string): string | undefined {
  const match = /^\/calendars\/([^/]+)/.exec(path) ?? /^\/calendar\/edit\/([^/]+)/.exec(path);
  return match?.[1];
}

/**
 * The state a menu navigation passes: where it comes from and the calendar the user is in.
 * The calendarId is cleared when the current screen was reached from an events screen.
 */
export function buildNavState(currentPath: string, currentState: unknown): NavState {
  const previous = readNavState(currentState);
  if (previous && isEventsPath(previous.from)) return { from: currentPath };
  const calendarId = calendarIdFromPath(currentPath) ?? previous?.calendarId;
  return calendarId ? { from: currentPath, calendarId } : { from: currentPath };
}
