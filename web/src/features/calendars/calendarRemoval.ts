import type { ServerToClientMessages } from '@convene/contract';

type CalendarMessagePayload = Parameters<ServerToClientMessages['calendarLink']>[0];

/** The i18n keys of the notices shown when the calendar on screen goes away. */
export const removalNoticeKeys = {
  removed: 'calendar.notices.removed',
  linkRemoved: 'calendar.notices.linkRemoved',
} as const;

/**
 * What a realtime message means for the calendar on screen (spec §4): a calendarLink delete
 * says 'calendar removed' to its owner and 'calendar link removed' to anyone else; a calendar
 * delete (sent to the owner) says 'calendar removed'; anything else means nothing here.
 */
export function removalNotice(
  message: 'calendar' | 'calendarLink',
  payload: CalendarMessagePayload,
  viewing: { calendarId: string; isOwner: boolean },
): (typeof removalNoticeKeys)[keyof typeof removalNoticeKeys] | null {
  if (payload.calendarId !== viewing.calendarId || payload.lastActionType !== 'delete') return null;
  if (message === 'calendar' || viewing.isOwner) return removalNoticeKeys.removed;
  return removalNoticeKeys.linkRemoved;
}
