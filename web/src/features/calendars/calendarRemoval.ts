import type { ServerToClientMessages } from '@convene/contract';

type CalendarMessagePayload = Parameters<ServerToClientMessages['calendarLink']>[0];

/** The i18n keys of the notices shown when the calendar on screen goes away. */
export const removalNoticeKeys = {
  removed: 'calendar.notices.removed',
  linkRemoved: 'calendar.notices.linkRemoved',
  deletedByOwner: 'calendar.notices.deletedByOwner',
} as const;

/**
 * What a realtime message means for the calendar on screen (PRODUCT.md §1.4): a calendarLink delete
 * says 'calendar removed' to its owner; to anyone else, 'its owner deleted it' when the calendar
 * is gone, else 'calendar link removed' (they were removed from it); a calendar delete (sent to
 * the owner) says 'calendar removed'; anything else means nothing here.
 */
export function removalNotice(
  message: 'calendar' | 'calendarLink',
  payload: CalendarMessagePayload,
  viewing: { calendarId: string; isOwner: boolean },
): (typeof removalNoticeKeys)[keyof typeof removalNoticeKeys] | null {
  if (payload.calendarId !== viewing.calendarId || payload.lastActionType !== 'delete') return null;
  if (message === 'calendar' || viewing.isOwner) return removalNoticeKeys.removed;
  if ('reason' in payload && payload.reason === 'calendarDeleted') return removalNoticeKeys.deletedByOwner;
  return removalNoticeKeys.linkRemoved;
}
