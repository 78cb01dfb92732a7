import {
  type Attachment,
  describeRepeatingRule,
  type Event,
  type EventScope,
  type RsvpValue,
  type WeekDay,
} from '@convene/contract';

type RsvpStatistics = Event['rsvpsStatistics'];

/**
 * PRODUCT.md §2.9: the attendee count is the total of the RSVP statistics minus one (me) — when
 * I am among them: statistics read before my first visit put me in the loop do not hold me yet.
 */
export function attendeeCount(statistics: RsvpStatistics, isCountingMe = true): number {
  const total = statistics.pending + statistics.attending + statistics.notAttending + statistics.none;
  return Math.max(0, total - (isCountingMe ? 1 : 0));
}

/** How many of the other people answered each way (the viewer's own answer taken out). */
export function othersByRsvp(statistics: RsvpStatistics, myRsvp: RsvpValue | null): RsvpStatistics {
  const others = { ...statistics };
  if (myRsvp && others[myRsvp] > 0) others[myRsvp] -= 1;
  return others;
}

/** A reminder as the page says it: 'at the start', or a count of the largest whole unit before. */
export type ReminderAmount =
  | { unit: 'atStart' }
  | { unit: 'weeks' | 'days' | 'hours' | 'minutes'; count: number };

const units = [
  ['weeks', 7 * 86_400],
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
] as const;

/** The amount of a reminder that fires `seconds` before the start (the page shows only the first). */
export function reminderAmount(seconds: number): ReminderAmount {
  if (seconds <= 0) return { unit: 'atStart' };
  for (const [unit, size] of units) {
    if (seconds % size === 0) return { unit, count: seconds / size };
  }
  return { unit: 'minutes', count: Math.max(1, Math.round(seconds / 60)) };
}

/** What the viewer may do to take the event away: delete it (or an occurrence), remove it from their calendar, or nothing. */
export type DeleteAction = 'delete' | 'deleteOccurrence' | 'remove' | null;

/** PRODUCT.md §2.6: deleteEvent deletes (an occurrence asks which ones); else removeEvent removes it from one's calendar. */
export function deleteActionFor(event: Pick<Event, 'abilities' | 'parentId'>): DeleteAction {
  if (event.abilities.deleteEvent) return event.parentId ? 'deleteOccurrence' : 'delete';
  if (event.abilities.removeEvent) return 'remove';
  return null;
}

/** The DELETE /api/event body of an action: the originating calendar to delete, the viewer's own to remove. */
export function deleteEventRequest(
  event: Pick<Event, 'eventId' | 'parentId' | 'calendarId' | 'originatingCalendarId'>,
  action: Exclude<DeleteAction, null>,
  scope: EventScope = 'this',
) {
  if (action === 'remove') {
    return { calendarId: event.calendarId, eventId: event.eventId, parentId: event.parentId };
  }
  return {
    calendarId: event.originatingCalendarId,
    eventId: event.eventId,
    parentId: event.parentId,
    ...(action === 'deleteOccurrence' ? { scope } : {}),
  };
}

/** The attachments the list shows: all but the text item that holds the description. */
export function attachmentsBesideDescription(
  event: Pick<Event, 'attachments' | 'description'>,
): Attachment[] {
  if (event.description === null) return event.attachments;
  const index = event.attachments.findIndex((item) => item.type === 'text');
  return index < 0 ? event.attachments : event.attachments.filter((_item, at) => at !== index);
}

/** True for the screens that list events: My events (/events) and a calendar's Events tab. */
export function isEventsScreenPath(path: string | null | undefined): boolean {
  return typeof path === 'string' && /^\/(events|calendars\/[^/]+\/events)\/?$/.test(path);
}

/** The 'from' path of the navigation state, if any. */
export function fromPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as Record<string, unknown>).from;
  return typeof from === 'string' && from.startsWith('/') ? from : null;
}

/** One part of the repetition sentence: an i18n key of eventDetails.repeat and its values. */
export interface RepetitionPart {
  key: 'daily' | 'weekly' | 'monthly' | 'yearly' | 'onDays' | 'times' | 'until' | 'custom';
  count?: number;
  days?: WeekDay[];
  date?: string;
}

/** The sentence of a recurring event's rule, as parts ('every 2 weeks', 'on Mon, Wed', '5 times'); [] for none. */
export function repetitionParts(rule: string | null): RepetitionPart[] {
  if (!rule) return [];
  const choice = describeRepeatingRule(rule);
  if (!choice) return [{ key: 'custom' }];
  if (choice.frequency === 'none') return [];
  const parts: RepetitionPart[] = [{ key: choice.frequency, count: choice.interval }];
  if (choice.weekDays.length > 0) parts.push({ key: 'onDays', days: choice.weekDays });
  if (choice.end.type === 'count') parts.push({ key: 'times', count: choice.end.count });
  if (choice.end.type === 'until') parts.push({ key: 'until', date: choice.end.date });
  return parts;
}

const weekDayIndex: Record<WeekDay, number> = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 0 };

/** Localized short weekday names ('Mon, Wed'), joined by the locale's list format. */
export function formatWeekDays(days: readonly WeekDay[], locale: string): string {
  // 2023-01-01 was a Sunday: day n of that week is weekday n.
  const names = days.map((day) =>
    new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2023, 0, 1 + weekDayIndex[day])),
    ),
  );
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
}

/** Where the next page of attendees starts, or undefined when every one is loaded. */
export function nextAttendeeSkip(
  pages: readonly { userEventStatuses: readonly unknown[]; totalNumberOfUsers: number }[],
): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.userEventStatuses.length, 0);
  const last = pages.at(-1);
  if (!last || last.userEventStatuses.length === 0) return undefined;
  return loaded < last.totalNumberOfUsers ? loaded : undefined;
}

/** The side sections of the details page (PRODUCT.md §2.2), attendees first. */
export type EventSection = 'attendees' | 'location' | 'streams';

/** The sections a viewer sees: location only when it is not hidden from guests (editors always see it). */
export function visibleEventSections(event: Pick<Event, 'extendedProperties' | 'abilities'>): EventSection[] {
  const showsLocation = !event.extendedProperties.shouldHideLocation || event.abilities.seeHiddenDetails;
  return showsLocation ? ['attendees', 'location', 'streams'] : ['attendees', 'streams'];
}

/** Whether the viewer may invite people to the event (the server's shareEvent: canShare, and not an 'info' event). */
export function canInviteToEvent(event: Pick<Event, 'abilities'>): boolean {
  return event.abilities.shareEvent;
}
