import {
  type AttendanceValue,
  type Event,
  eventDefaults,
  isMultiDay,
  type RsvpValue,
} from '@convene/contract';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { accounts, calendarMembers, calendars, userEventStatuses } from '../../db/schema/index.ts';
import { permissionsFor } from '../calendars/calendars.access.ts';
import { loadLiveStreams } from '../streams/streams.presenter.ts';
import type { EventRow, EventTarget, RsvpRow } from './events.access.ts';
import { eventPermissions, eventPolicy } from './events.policy.ts';
import { occurrenceId } from './recurrence.ts';

/**
 * One entry of an agenda or one answer: a single event, a series, or one occurrence (generated
 * from the series, or its exception row when it was changed or cancelled).
 */
export interface EventItem {
  /** The row whose fields show. */
  source: EventRow;
  /** The single event or series it belongs to: RSVPs and permissions are the root's. */
  root: EventRow;
  start: Date;
  end: Date;
  /** The start the series gave this occurrence; null for a single event or a whole series. */
  originalStart: Date | null;
  /** The presented eventId, also the agenda's tie-breaker after the start. */
  key: string;
  deleted: boolean;
}

/** A single event, or a whole series (its first occurrence's dates). */
export function rootItem(row: EventRow): EventItem {
  return {
    source: row,
    root: row,
    start: row.startDate,
    end: row.endDate,
    originalStart: null,
    key: row.id,
    deleted: Boolean(row.deletedAt),
  };
}

/** One occurrence the series generates, at `originalStart`. */
export function occurrenceItem(series: EventRow, originalStart: Date): EventItem {
  const duration = series.endDate.getTime() - series.startDate.getTime();
  return {
    source: series,
    root: series,
    start: originalStart,
    end: new Date(originalStart.getTime() + duration),
    originalStart,
    key: occurrenceId(series.id, originalStart),
    deleted: Boolean(series.deletedAt),
  };
}

/** One changed or cancelled occurrence, shown with its own fields. */
export function exceptionItem(series: EventRow, exception: EventRow): EventItem {
  const originalStart = exception.occurrenceDate ?? exception.startDate;
  return {
    source: exception,
    root: series,
    start: exception.startDate,
    end: exception.endDate,
    originalStart,
    key: occurrenceId(series.id, originalStart),
    deleted: exception.isCancelled || Boolean(exception.deletedAt) || Boolean(series.deletedAt),
  };
}

/** The item an id resolved to. */
export function targetItem(target: EventTarget): EventItem {
  if (!target.originalStart) return rootItem(target.root);
  return target.exception
    ? exceptionItem(target.root, target.exception)
    : occurrenceItem(target.root, target.originalStart);
}

/** An RSVP that counts: the owner's or someone's own, or an invitation actually sent. */
export const countedRsvp = or(isNotNull(userEventStatuses.sharedAt), isNull(userEventStatuses.invitedById));

type Statistics = Event['rsvpsStatistics'];

/** Everything presenting a list of events needs, loaded with one query per kind. */
export interface ViewContext {
  viewerId: string;
  statistics: Map<string, Statistics>;
  mine: Map<string, RsvpRow>;
  owners: Map<string, Event['owner']>;
  calendars: Map<
    string,
    { calendar: typeof calendars.$inferSelect; member: typeof calendarMembers.$inferSelect | null }
  >;
  /** The live streams of each presented event, by its presented eventId (item key). */
  livestreams: Map<string, Event['livestreams']['streams']>;
}

/**
 * Loads the RSVP counts, the viewer's RSVPs, owners and calendars of the items' roots, and the
 * items' live streams: one query per kind for a whole page.
 */
export async function loadViewContext(db: Db, viewerId: string, items: EventItem[]): Promise<ViewContext> {
  const roots = items.map((item) => item.root);
  const ids = [...new Set(roots.map((row) => row.id))];
  const ownerIds = [...new Set(roots.map((row) => row.ownerId))];
  const calendarIds = [...new Set(roots.map((row) => row.calendarId))];
  if (ids.length === 0) {
    return {
      viewerId,
      statistics: new Map(),
      mine: new Map(),
      owners: new Map(),
      calendars: new Map(),
      livestreams: new Map(),
    };
  }
  const countOf = (value: string) =>
    sql<number>`(count(*) filter (where ${userEventStatuses.rsvp} = ${value}))::int`;
  const [counts, mine, owners, calendarRows, livestreams] = await Promise.all([
    db
      .select({
        eventId: userEventStatuses.eventId,
        pending: countOf('pending'),
        attending: countOf('attending'),
        notAttending: countOf('notAttending'),
        none: countOf('none'),
      })
      .from(userEventStatuses)
      .where(and(inArray(userEventStatuses.eventId, ids), countedRsvp))
      .groupBy(userEventStatuses.eventId),
    db
      .select()
      .from(userEventStatuses)
      .where(and(inArray(userEventStatuses.eventId, ids), eq(userEventStatuses.userId, viewerId))),
    db
      .select({ userId: accounts.id, name: accounts.name, imageLink: accounts.imageLink })
      .from(accounts)
      .where(inArray(accounts.id, ownerIds)),
    db
      .select({ calendar: calendars, member: calendarMembers })
      .from(calendars)
      .leftJoin(
        calendarMembers,
        and(eq(calendarMembers.calendarId, calendars.id), eq(calendarMembers.userId, viewerId)),
      )
      .where(inArray(calendars.id, calendarIds)),
    loadLiveStreams(
      db,
      items.map((item) => item.key),
    ),
  ]);
  return {
    viewerId,
    statistics: new Map(
      counts.map(({ eventId, ...values }) => [
        eventId,
        {
          pending: Number(values.pending),
          attending: Number(values.attending),
          notAttending: Number(values.notAttending),
          none: Number(values.none),
        },
      ]),
    ),
    mine: new Map(mine.map((row) => [row.eventId, row])),
    owners: new Map(owners.map((owner) => [owner.userId, owner])),
    calendars: new Map(calendarRows.map((row) => [row.calendar.id, row])),
    livestreams,
  };
}

/** The description the spec keeps as the first text attachment. */
export function descriptionOf(row: EventRow): string | null {
  const text = row.attachments.find((item) => item.type === 'text');
  return typeof text?.data.text === 'string' ? text.data.text : null;
}

/**
 * An event as the viewer sees it. `viewedIn` is the calendar they look at it through (its
 * originating one unless it reached them as an invitation in their own calendar).
 */
export function presentEvent(item: EventItem, context: ViewContext, viewedIn?: string): Event {
  const { source, root } = item;
  const place = context.calendars.get(root.calendarId);
  const mine = context.mine.get(root.id) ?? null;
  const calendarPermissions = place ? permissionsFor(place.calendar, place.member) : null;
  const linkCalendarId = mine?.userId === context.viewerId ? mine.linkCalendarId : null;
  const permissions = eventPermissions({
    event: root,
    viewerId: context.viewerId,
    calendar: calendarPermissions,
    linkCalendarId,
  });
  return {
    eventId: item.key,
    name: source.name,
    description: descriptionOf(source),
    isAllDay: source.isAllDay,
    isMultiDay: isMultiDay({
      isAllDay: source.isAllDay,
      startDate: item.start.toISOString(),
      endDate: item.end.toISOString(),
      startTimezone: source.startTimezone,
    }),
    startDate: item.start.toISOString(),
    endDate: item.end.toISOString(),
    startTimezone: source.startTimezone,
    endTimezone: source.endTimezone,
    occurrenceDate: item.originalStart?.toISOString() ?? null,
    occurrenceId: item.originalStart ? item.key : null,
    parentId: item.originalStart ? root.id : null,
    repeatingRule: root.repeatingRule,
    calendarId: viewedIn ?? root.calendarId,
    originatingCalendarId: root.calendarId,
    originatingCalendar: {
      calendarId: root.calendarId,
      name: place?.calendar.name ?? '',
      color: place?.calendar.color ?? `#${eventDefaults.hexColor}`,
      visibility: place?.calendar.visibility ?? 'private',
      isPersonal: place?.calendar.isPersonal ?? false,
      userLink:
        place?.member?.isConfirmed && calendarPermissions ? { permissions: calendarPermissions } : null,
    },
    usersWithPermissions: linkCalendarId ? [{ linkCalendarId }] : [],
    owner: context.owners.get(root.ownerId) ?? { userId: root.ownerId, name: '', imageLink: null },
    permissions,
    abilities: eventPolicy.abilities({ permissions }),
    attachments: source.attachments as Event['attachments'],
    location: source.location,
    hexColor: source.hexColor,
    kind: source.kind as Event['kind'],
    rsvpType: source.rsvpType,
    tags: source.tags,
    colorSettings: source.colorSettings,
    extendedProperties: source.extendedProperties,
    reminders: source.reminders,
    livestreams: livestreamsOf(item, context),
    rsvpsStatistics: context.statistics.get(root.id) ?? {
      pending: 0,
      attending: 0,
      notAttending: 0,
      none: 0,
    },
    userEventStatus: mine
      ? {
          userEventStatusId: mine.id,
          statuses: { rsvp: mine.rsvp as RsvpValue, attendance: mine.attendance as AttendanceValue },
        }
      : null,
    lastActionType: item.deleted ? 'delete' : (source.lastActionType as Event['lastActionType']),
    updatedAt: source.updatedAt.toISOString(),
  };
}

/** The event's live streams (PRODUCT.md §1.3 Event.livestreams): count drives the agenda's Live badge. */
function livestreamsOf(item: EventItem, context: ViewContext): Event['livestreams'] {
  const streams = item.deleted ? [] : (context.livestreams.get(item.key) ?? []);
  return { count: streams.length, max: item.source.livestreamsMax, streams };
}

/** Keeps only the requested fields (eventId always). */
export function pickFields(event: Event, fields: Array<keyof Event> | undefined): Partial<Event> {
  if (!fields) return event;
  return Object.fromEntries(fields.map((name) => [name, event[name]])) as Partial<Event>;
}
