/** The search parameter that opens another user's profile dialog over any signed-in screen. */
export const profileDialogParam = 'person';

/** The user whose profile dialog a search string asks for, or null. */
export function readProfileDialogUser(search: string): string | null {
  const userId = new URLSearchParams(search).get(profileDialogParam);
  return userId && userId.trim() !== '' ? userId : null;
}

/** A search string with the profile dialog set to a user (or removed with null), other parameters kept. */
export function withProfileDialogUser(search: string, userId: string | null): string {
  const params = new URLSearchParams(search);
  if (userId === null) params.delete(profileDialogParam);
  else params.set(profileDialogParam, userId);
  const next = params.toString();
  return next ? `?${next}` : '';
}

const openedHereKey = 'profileDialogOpenedHere';

/** The location state of a dialog opened in the app: the screen's own state plus a marker. */
export function markOpenedHere(state: unknown): Record<string, unknown> {
  const base = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { ...base, [openedHereKey]: true };
}

/** True when the dialog was opened in the app (closing it goes back) rather than by a link. */
export function wasOpenedHere(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as Record<string, unknown>)[openedHereKey] === true
  );
}
