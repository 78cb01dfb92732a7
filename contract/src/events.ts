import { z } from 'zod';
import { attachment, attachmentsMax } from './eventAttachments.ts';
import { limits } from './limits.ts';
import { repeatingRule } from './recurrence.ts';
import { stream } from './streams.ts';
import { isValidTimeZone } from './zonedTime.ts';

/** Validation message keys of the event form (PRODUCT.md §1.5). */
export const eventMessages = {
  nameRequired: 'event.errors.nameRequired',
  nameLength: 'event.errors.nameLength',
  nameInvalid: 'event.errors.nameInvalid',
  nameTooLong: 'event.errors.nameTooLong',
  descriptionInvalid: 'event.errors.descriptionInvalid',
  descriptionTooLong: 'event.errors.descriptionTooLong',
  dateInvalid: 'event.errors.dateInvalid',
  endBeforeStart: 'event.errors.endBeforeStart',
  timezoneInvalid: 'event.errors.timezoneInvalid',
  coordinatesInvalid: 'event.errors.coordinatesInvalid',
  colorInvalid: 'event.errors.colorInvalid',
} as const;

/** Defaults of PRODUCT.md §1.3 / §1.9 and §2.9 for a new event. */
export const eventDefaults = {
  locationRadius: 50,
  hexColor: '4256c1',
  kind: 'classic',
  rsvpType: 1,
  livestreamsMax: 4,
} as const;

/** Longest event name and description we accept. */
export const eventLimits = { nameMax: 200, descriptionMax: 10_000, tagsMax: 20, remindersMax: 5 } as const;

/** 'classic' for normal events; 'info' events cannot be shared. */
export const eventKinds = ['classic', 'info'] as const;
export type EventKind = (typeof eventKinds)[number];

/**
 * Event name: required; at least 3 characters (nameLength); no leading or trailing space once
 * it has 3 characters (nameInvalid), in that order as the spec lists them.
 */
export const eventName = z
  .string({ error: eventMessages.nameRequired })
  .max(eventLimits.nameMax, { message: eventMessages.nameTooLong, abort: true })
  .refine((value) => value.trim().length > 0, eventMessages.nameRequired)
  .refine((value) => value.trim().length >= limits.titleMin, eventMessages.nameLength)
  .refine((value) => value === value.trim(), eventMessages.nameInvalid);

/** Description: optional, but never only whitespace. */
export const eventDescription = z
  .string()
  .max(eventLimits.descriptionMax, { message: eventMessages.descriptionTooLong, abort: true })
  .refine((value) => value.trim().length > 0, eventMessages.descriptionInvalid);

/** An ISO 8601 instant with a zone designator (Z or ±hh:mm). */
export const isoInstant = z
  .string({ error: eventMessages.dateInvalid })
  .max(40, { message: eventMessages.dateInvalid, abort: true })
  .pipe(z.iso.datetime({ offset: true, error: eventMessages.dateInvalid }));

/** An IANA time zone the runtime knows. */
export const timeZoneName = z
  .string()
  .max(100, { message: eventMessages.timezoneInvalid, abort: true })
  .refine(isValidTimeZone, eventMessages.timezoneInvalid);

/** 'lat,lng' within range. */
export const coordinates = z
  .string()
  .trim()
  .max(40, { message: eventMessages.coordinatesInvalid, abort: true })
  .regex(/^-?\d{1,2}(\.\d{1,10})?,\s?-?\d{1,3}(\.\d{1,10})?$/, eventMessages.coordinatesInvalid)
  .refine((value) => {
    const [lat, lng] = value.split(',').map(Number) as [number, number];
    return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  }, eventMessages.coordinatesInvalid);

/** Where the event is. */
export const eventLocation = z.object({
  name: z.string().trim().max(200).nullish(),
  address: z.string().trim().max(500).nullish(),
  /** 'lat,lng' of the pin, as the location panel's map reads it. */
  coordinates: coordinates.nullish(),
  /** Metres (default 50). */
  radius: z.number().int().min(1).max(100_000).default(eventDefaults.locationRadius),
  autoAttendance: z.boolean().default(false),
});

/** Six hex digits without '#', as events store colours (default 4256c1). */
export const eventColor = z
  .string()
  .max(7, { message: eventMessages.colorInvalid, abort: true })
  .regex(/^#?[0-9a-fA-F]{6}$/, eventMessages.colorInvalid)
  .transform((value) => value.replace('#', '').toLowerCase());

/** Fields a client sets on create and edit (every field of PRODUCT.md §1.3 Event it owns). */
const editableFields = {
  name: eventName,
  /** Stored as the first `text` attachment, as the spec keeps it. */
  description: eventDescription.nullish(),
  isAllDay: z.boolean(),
  /** All-day events: the GMT span 00:00:00.000Z … 23:59:59.999Z of their days (see eventDates). */
  startDate: isoInstant,
  endDate: isoInstant,
  startTimezone: timeZoneName,
  endTimezone: timeZoneName,
  location: eventLocation.nullish(),
  hexColor: eventColor.optional(),
  kind: z.enum(eventKinds),
  rsvpType: z.number().int().min(0).max(10),
  tags: z.array(z.string().trim().min(1).max(50)).max(eventLimits.tagsMax),
  colorSettings: z.object({ type: z.enum(['dynamic', 'manual']), cardColor: eventColor }).optional(),
  extendedProperties: z
    .object({ shouldHideDates: z.boolean().default(false), shouldHideLocation: z.boolean().default(false) })
    .optional(),
  /** Seconds before the start (up to four weeks). */
  reminders: z
    .array(
      z.object({
        fireInterval: z
          .number()
          .int()
          .min(0)
          .max(28 * 86_400),
      }),
    )
    .max(eventLimits.remindersMax),
  attachments: z.array(attachment).max(attachmentsMax),
  livestreams: z.object({ max: z.number().int().min(0).max(20) }).optional(),
  /** RFC 5545 RRULE (no DTSTART; the start is the anchor), or null for a single event. */
  repeatingRule: repeatingRule.nullish(),
};

function checkEnd(body: { isAllDay?: boolean; startDate?: string; endDate?: string }, ctx: z.RefinementCtx) {
  if (!body.startDate || !body.endDate) return;
  const start = new Date(body.startDate).getTime();
  const end = new Date(body.endDate).getTime();
  const ok = body.isAllDay ? end >= start : end > start;
  if (!ok) ctx.addIssue({ code: 'custom', path: ['endDate'], message: eventMessages.endBeforeStart });
}

/** POST /api/event (absent fields take the defaults of eventDefaults). */
export const createEventBody = z
  .object({
    calendarId: z.string().min(1).max(64),
    ...editableFields,
    isAllDay: editableFields.isAllDay.default(false),
    kind: editableFields.kind.default('classic'),
    rsvpType: editableFields.rsvpType.default(eventDefaults.rsvpType),
    tags: editableFields.tags.default([]),
    reminders: editableFields.reminders.default([]),
    attachments: editableFields.attachments.default([]),
  })
  .superRefine(checkEnd);
export type CreateEventBody = z.input<typeof createEventBody>;

/** Which occurrences an edit or delete of a recurring event touches. */
export const eventScopes = ['this', 'following', 'all'] as const;
export type EventScope = (typeof eventScopes)[number];

/**
 * PUT /api/event: eventId (an occurrenceId edits an occurrence), the calendar it is in (a
 * different one moves it there), and any editable fields (absent = unchanged, null = cleared).
 * Editing an occurrence needs a scope: this one, this and following, or all.
 */
export const updateEventBody = z
  .object({
    eventId: z.string().min(1).max(100),
    calendarId: z.string().min(1).max(64),
    scope: z.enum(eventScopes).optional(),
  })
  .extend(z.object(editableFields).partial().shape)
  .superRefine(checkEnd);
export type UpdateEventBody = z.input<typeof updateEventBody>;

/** DELETE /api/event body (parentId marks eventId as one occurrence of that series). */
export const deleteEventBody = z.object({
  calendarId: z.string().min(1).max(64),
  eventId: z.string().min(1).max(100),
  parentId: z.string().min(1).max(64).nullish(),
  scope: z.enum(eventScopes).optional(),
});

/** RSVP values (PRODUCT.md §1.3): attending = going, notAttending = not going, none = in the loop. */
export const rsvpValues = ['pending', 'attending', 'notAttending', 'none'] as const;
export type RsvpValue = (typeof rsvpValues)[number];
/** Attendance at the event itself (our choice; the spec names the field only). */
export const attendanceValues = ['unknown', 'present', 'absent'] as const;
export type AttendanceValue = (typeof attendanceValues)[number];

/** An RSVP's statuses. */
export const rsvpStatuses = z.object({ rsvp: z.enum(rsvpValues), attendance: z.enum(attendanceValues) });

const permissionsOnEvent = z.object({
  /** Owner, or canEdit on the originating calendar: edit and delete. */
  canEdit: z.boolean(),
  /** Only canEdit on the calendar the viewer sees it in: take it out of that calendar. */
  canRemove: z.boolean(),
  /** canShare on the originating calendar and kind ≠ info: invite people. */
  canShare: z.boolean(),
  isOwner: z.boolean(),
});

/**
 * What the viewer may do with an event, as the server's event policy computes it from the
 * permissions above: the web reads these instead of re-deriving a rule.
 */
export const eventAbilities = z.object({
  /** Change it (the edit form). */
  editEvent: z.boolean(),
  /** Delete it (or one occurrence) for everyone. */
  deleteEvent: z.boolean(),
  /** Take it out of the viewer's own calendar, which holds it as an invitation. */
  removeEvent: z.boolean(),
  /** Invite people to it. */
  shareEvent: z.boolean(),
  /** See the addresses invitations to people without an account went to. */
  seeInvitedAddresses: z.boolean(),
  /** See dates and location the event hides from its guests. */
  seeHiddenDetails: z.boolean(),
  /** Go live: start a stream of it (PRODUCT.md §2.6: needs edit rights). */
  startStream: z.boolean(),
});
export type EventAbilities = z.infer<typeof eventAbilities>;

/** An event (or one occurrence of a recurring event) as one viewer sees it (PRODUCT.md §1.3). */
export const event = z.object({
  /** The event's id; for an occurrence of a series, its occurrenceId. */
  eventId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isAllDay: z.boolean(),
  isMultiDay: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  startTimezone: z.string(),
  endTimezone: z.string(),
  /** Occurrences only: the start the series gave it (before any change), its id, its series. */
  occurrenceDate: z.string().nullable(),
  occurrenceId: z.string().nullable(),
  parentId: z.string().nullable(),
  repeatingRule: z.string().nullable(),
  /** The calendar the viewer sees it in (the originating one, or their calendar it was shared to). */
  calendarId: z.string(),
  originatingCalendarId: z.string(),
  originatingCalendar: z.object({
    calendarId: z.string(),
    name: z.string(),
    color: z.string(),
    visibility: z.string(),
    isPersonal: z.boolean(),
    /** The viewer's link to it, with their permissions; null when they reach it otherwise. */
    userLink: z
      .object({
        permissions: z.object({
          canView: z.boolean(),
          canAdd: z.boolean(),
          canEdit: z.boolean(),
          canShare: z.boolean(),
          isOwner: z.boolean(),
        }),
      })
      .nullable(),
  }),
  /** The viewer's calendars the event was shared into. */
  usersWithPermissions: z.array(z.object({ linkCalendarId: z.string() })),
  owner: z.object({ userId: z.string(), name: z.string(), imageLink: z.string().nullable() }),
  permissions: permissionsOnEvent,
  abilities: eventAbilities,
  attachments: z.array(attachment),
  location: z.object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    coordinates: z.string().nullable(),
    radius: z.number(),
    autoAttendance: z.boolean(),
  }),
  hexColor: z.string(),
  kind: z.enum(eventKinds),
  rsvpType: z.number(),
  tags: z.array(z.string()),
  colorSettings: z.object({ type: z.enum(['dynamic', 'manual']), cardColor: z.string() }),
  extendedProperties: z.object({ shouldHideDates: z.boolean(), shouldHideLocation: z.boolean() }),
  reminders: z.array(z.object({ fireInterval: z.number() })),
  /** Live streams now: `count` of `max`; `streams` the live ones, oldest first (PRODUCT.md §2.3). */
  livestreams: z.object({ count: z.number(), max: z.number(), streams: z.array(stream) }),
  /** Exact counts of the event's RSVPs (for a series: of the series). */
  rsvpsStatistics: z.object({
    pending: z.number(),
    attending: z.number(),
    notAttending: z.number(),
    none: z.number(),
  }),
  /** The viewer's own RSVP, or null when they have none. */
  userEventStatus: z.object({ userEventStatusId: z.string(), statuses: rsvpStatuses }).nullable(),
  lastActionType: z.enum(['create', 'update', 'delete']),
  updatedAt: z.string(),
});
export type Event = z.infer<typeof event>;

/** Names `fields` may select. */
export const eventFieldNames = Object.keys(event.shape) as Array<keyof Event>;

/**
 * `fields`: comma-separated event fields, optionally Google-style `items(a,b),nextPageToken`;
 * eventId always comes along. Absent → every field.
 */
export const eventFieldsParam = z
  .string()
  .max(1000)
  .transform((value, ctx) => {
    const names = value
      .replace(/nextPageToken/g, '')
      .replace(/items\(([^)]*)\)/, '$1')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.find((name) => !(eventFieldNames as string[]).includes(name));
    if (unknown) {
      ctx.addIssue({ code: 'custom', message: `Unknown field ${unknown}` });
      return z.NEVER;
    }
    return [...new Set(['eventId', ...names])] as Array<keyof Event>;
  });

/** GET /api/events and /api/calendars/{id}/events query (the Google Calendar API way). */
export const eventsQuery = z.object({
  pageToken: z.string().max(500).optional(),
  fields: eventFieldsParam.optional(),
  maxResults: z.coerce.number().int().min(1).max(limits.eventPage).default(limits.eventPage),
  showDeleted: z.enum(['true', 'false']).default('false'),
  /** Forward from here (starts ≥ timeMin). */
  timeMin: isoInstant.optional(),
  /** Backward from here (starts < timeMax); with timeMin, the end of a forward window. */
  timeMax: isoInstant.optional(),
  kind: z.enum(eventKinds).optional(),
  /** Search by name (case-insensitive substring). */
  q: z.string().trim().max(100).optional(),
});
export type EventsQuery = z.input<typeof eventsQuery>;

/** A page of events: always in ascending start order; nextPageToken continues the same way. */
export const eventPage = z.object({
  items: z.array(event),
  nextPageToken: z.string().optional(),
});
export type EventPage = z.infer<typeof eventPage>;

/**
 * What an agenda row shows and how it links (eventPath). The web asks the agenda for only these
 * fields (`fields=`), so a page carries about a fifth of its whole events' JSON.
 */
export const agendaItemFields = [
  'eventId',
  'name',
  'startDate',
  'endDate',
  'isAllDay',
  'parentId',
  'repeatingRule',
  'originatingCalendar',
  'location',
  'extendedProperties',
  'hexColor',
  'colorSettings',
  'livestreams',
  'rsvpsStatistics',
  'userEventStatus',
] as const satisfies ReadonlyArray<keyof Event>;
export type AgendaItem = Pick<Event, (typeof agendaItemFields)[number]>;
/** An agenda page asked for with `fields=` agendaItemFields. */
export interface AgendaItemPage {
  items: AgendaItem[];
  nextPageToken?: string;
}

/** GET /api/events/{eventId} query: `fields=reminders` answers just the reminders. */
export const eventQuery = z.object({ fields: eventFieldsParam.optional() });

/** {eventId} path parameter (an event id or an occurrenceId). */
export const eventIdParams = z.object({ eventId: z.string().min(1).max(100) });
