/** Why a screen sent the person to /404, when it knows: shown there as one more sentence. */
export type NotFoundReason = 'eventGone';

/** The navigation state that carries the reason to /404. */
export function notFoundState(reason: NotFoundReason): { notFoundReason: NotFoundReason } {
  return { notFoundReason: reason };
}

/** The reason in a location's state, or null (a typed-in address, a stale link, a reload). */
export function notFoundReason(state: unknown): NotFoundReason | null {
  if (typeof state !== 'object' || state === null) return null;
  const reason = (state as { notFoundReason?: unknown }).notFoundReason;
  return reason === 'eventGone' ? reason : null;
}
