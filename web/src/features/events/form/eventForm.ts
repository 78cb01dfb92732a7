import {
  type Attachment,
  attachment,
  attachmentsMax,
  coordinates,
  defaultNewEvent,
  type Event,
  type EventDates,
  type EventScope,
  eventDescription,
  eventMessages,
  eventName,
  fromWallClock,
  hasAcceptedEnd,
  parseDayKey,
  utcDay,
} from '@convene/contract';
import { z } from 'zod';
import type { LocationValue } from './LocationField.tsx';

/** Everything the event form edits. */
export interface EventFormValues {
  calendarId: string;
  name: string;
  /** '' for none. */
  description: string;
  dates: EventDates;
  /** RFC 5545 rule, or null for a single event. */
  repeatingRule: string | null;
  location: LocationValue;
  tags: string[];
  /** Seconds before the start of the (first) reminder, or null for none. */
  reminder: number | null;
  /** Attachments other than the description's text. */
  attachments: Attachment[];
}

/** Form fields an error can be shown on. */
export type EventFormField = 'calendarId' | 'name' | 'description' | 'dates' | 'repeatingRule';

/** Attachments the editor offers besides the description (which the server stores as one). */
export const eventAttachmentsMax = attachmentsMax - 1;

/** Message key of a missing calendar (our own: the contract only says min(1)). */
export const calendarRequiredKey = 'eventForm.errors.calendarRequired';

/**
 * The form's checks, with the contract's own name and description rules (an empty description
 * means none); the dates follow the contract's date rules as they change, and an end typed
 * before the start keeps the form from saving.
 */
export const eventFormSchema = z.object({
  calendarId: z.string().min(1, calendarRequiredKey),
  name: eventName,
  description: z.union([z.literal(''), eventDescription]),
  dates: z.custom<EventDates>().refine(hasAcceptedEnd, eventMessages.endBeforeStart),
  repeatingRule: z.string().nullable(),
  // The fields show their own messages; these checks keep a bad pin or attachment from being sent.
  location: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    coordinates: coordinates.nullable(),
  }) satisfies z.ZodType<LocationValue>,
  tags: z.array(z.string()),
  reminder: z.number().nullable(),
  /** One place of the server's limit is the description's. */
  attachments: z.array(attachment).max(eventAttachmentsMax),
});

const emptyLocation: LocationValue = { name: null, address: null, coordinates: null };

/** A new event's values: the default dates of the contract, in the given calendar, maybe named. */
export function newEventFormValues(options: {
  now: Date | number;
  timeZone: string;
  calendarId: string;
  name?: string;
}): EventFormValues {
  return {
    calendarId: options.calendarId,
    name: options.name ?? '',
    description: '',
    dates: defaultNewEvent(options.now, options.timeZone),
    repeatingRule: null,
    location: emptyLocation,
    tags: [],
    reminder: null,
    attachments: [],
  };
}

/** The attachments of an event other than its description (the first `text` item). */
export function attachmentsBesideDescription(attachments: readonly Attachment[]): Attachment[] {
  const first = attachments.findIndex((item) => item.type === 'text');
  return attachments.filter((_item, index) => index !== first);
}

/**
 * An edited event's dates as the pickers hold them. An all-day event is stored as its GMT days;
 * each side becomes noon of that day in its own zone, so the pickers show the stored days in
 * any zone (west of GMT, midnight GMT is still the day before).
 */
export function eventFormDates(event: Pick<Event, keyof EventDates>): EventDates {
  const dates = {
    isAllDay: event.isAllDay,
    startDate: event.startDate,
    endDate: event.endDate,
    startTimezone: event.startTimezone,
    endTimezone: event.endTimezone,
  };
  if (!event.isAllDay) return dates;
  const noonOf = (instant: string, timeZone: string) =>
    fromWallClock(
      {
        ...(parseDayKey(utcDay(instant)) ?? { year: 1970, month: 1, day: 1 }),
        hour: 12,
        minute: 0,
        second: 0,
        millisecond: 0,
      },
      timeZone,
    ).toISOString();
  return {
    ...dates,
    startDate: noonOf(event.startDate, event.startTimezone),
    endDate: noonOf(event.endDate, event.endTimezone),
  };
}

/** An edited event's values; its calendar is the one it belongs to (the originating one). */
export function eventFormValuesFrom(event: Event): EventFormValues {
  return {
    calendarId: event.originatingCalendarId,
    name: event.name,
    description: event.description ?? '',
    dates: eventFormDates(event),
    repeatingRule: event.repeatingRule,
    location: {
      name: event.location.name,
      address: event.location.address,
      coordinates: event.location.coordinates,
    },
    tags: event.tags,
    reminder: event.reminders[0]?.fireInterval ?? null,
    attachments: attachmentsBesideDescription(event.attachments),
  };
}

/** Saving an occurrence asks which occurrences the change touches; a single event or a whole series does not. */
export function needsEditScope(event: Pick<Event, 'parentId'> | null): boolean {
  return Boolean(event?.parentId);
}

/**
 * The scopes an occurrence's change may use: one occurrence cannot get a repetition of its own,
 * and only a whole series moves to another calendar.
 */
export function allowedEditScopes(values: EventFormValues, initial: EventFormValues): EventScope[] {
  const ruleChanged = values.repeatingRule !== initial.repeatingRule;
  const calendarChanged = values.calendarId !== initial.calendarId;
  if (calendarChanged) return ['all'];
  if (ruleChanged) return ['following', 'all'];
  return ['this', 'following', 'all'];
}

/** The form field an API field error (400 `field`) belongs on; null when it is none of them. */
export function formFieldOf(apiField: string | null | undefined): EventFormField | null {
  const head = apiField?.split('.')[0];
  switch (head) {
    case 'name':
    case 'description':
    case 'calendarId':
    case 'repeatingRule':
      return head;
    case 'startDate':
    case 'endDate':
    case 'isAllDay':
    case 'startTimezone':
    case 'endTimezone':
      return 'dates';
    default:
      return null;
  }
}
