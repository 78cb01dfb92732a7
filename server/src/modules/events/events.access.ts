import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { calendarMembers, calendars, events, userEventStatuses } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { type CalendarAccess, visibleCalendar } from '../calendars/calendars.access.ts';
import { type EventPermissions, eventPermissions } from './events.policy.ts';
import { isOccurrence, parseOccurrenceId } from './recurrence.ts';

export type EventRow = typeof events.$inferSelect;
export type RsvpRow = typeof userEventStatuses.$inferSelect;
type CalendarRow = typeof calendars.$inferSelect;
type MemberRow = typeof calendarMembers.$inferSelect;

/**
 * What an event id names: a single event or a series (`root`), or one occurrence of a series
 * (`originalStart` set, with its exception row when it was changed or cancelled).
 */
export interface EventTarget {
  root: EventRow;
  originalStart: Date | null;
  exception: EventRow | null;
}

/** An event as the viewer reaches it: its originating calendar and their own RSVP. */
export interface EventAccess {
  event: EventRow;
  /** The originating calendar as the viewer sees it; null when it is private to them. */
  calendar: CalendarAccess | null;
  /** The viewer's RSVP (their invitation, or the owner's own row). */
  invitation: RsvpRow | null;
  permissions: EventPermissions;
}

/** A live single event or series by id (every event call starts with it). */
const eventRootQuery = preparedPerDb((db) =>
  db
    .select()
    .from(events)
    .where(and(eq(events.id, sql.placeholder('id')), isNull(events.parentId), isNull(events.deletedAt)))
    .prepare('event_root'),
);

/**
 * The join conditions of an event's access (accessQuery, liveRootWithAccess): its calendar if
 * live, the viewer's membership of it, and the viewer's RSVP row of the event.
 */
const accessJoins = {
  calendar: (calendarId: SQL | typeof events.calendarId) =>
    and(eq(calendars.id, calendarId), isNull(calendars.deletedAt)),
  member: () =>
    and(
      eq(calendarMembers.calendarId, calendars.id),
      eq(calendarMembers.userId, sql.placeholder('viewerId')),
    ),
  invitation: (eventId: SQL | typeof events.id) =>
    and(eq(userEventStatuses.eventId, eventId), eq(userEventStatuses.userId, sql.placeholder('viewerId'))),
};

/**
 * What the viewer's access to an event is made of, in one statement: its calendar if live, with
 * the viewer's membership, and the viewer's RSVP row of the event — each null when there is none.
 */
const accessQuery = preparedPerDb((db) =>
  db
    .select({ calendar: calendars, member: calendarMembers, invitation: userEventStatuses })
    .from(sql`(SELECT 1) AS one`)
    .leftJoin(calendars, accessJoins.calendar(sql`${sql.placeholder('calendarId')}`))
    .leftJoin(calendarMembers, accessJoins.member())
    .leftJoin(userEventStatuses, accessJoins.invitation(sql`${sql.placeholder('eventId')}`))
    .prepare('event_access'),
);

/** The columns of an event read with the viewer's access to it. */
const withAccess = {
  root: events,
  calendar: calendars,
  member: calendarMembers,
  invitation: userEventStatuses,
};

/**
 * A live single event or series whose id is the placeholder `idName`, with what the viewer's
 * access to it is made of (as accessQuery reads it): no row when there is no such live event.
 */
function liveRootWithAccess(db: Db, idName: string) {
  return db
    .select(withAccess)
    .from(events)
    .leftJoin(calendars, accessJoins.calendar(events.calendarId))
    .leftJoin(calendarMembers, accessJoins.member())
    .leftJoin(userEventStatuses, accessJoins.invitation(events.id))
    .where(and(eq(events.id, sql.placeholder(idName)), isNull(events.parentId), isNull(events.deletedAt)));
}

/** liveRootWithAccess by the event's id, in one statement. */
const rootWithAccessQuery = preparedPerDb((db) => liveRootWithAccess(db, 'id').prepare('event_root_access'));

/**
 * A live single event or series by its id (not an occurrence id) and the viewer's access to it,
 * read in one statement; undefined when there is no such event, 404 when the viewer may not see it.
 */
export async function findLiveRootWithAccess(
  db: Db,
  id: string,
  viewerId: string,
): Promise<EventAccess | undefined> {
  const [row] = await rootWithAccessQuery(db).execute({ id, viewerId });
  return row ? accessOf(row.root, row, viewerId) : undefined;
}

/**
 * An occurrence's series with the viewer's access to it (as liveRootWithAccess reads them) and
 * its exception row, in one statement: at most two rows, the exception's with no access part.
 */
const occurrenceWithAccessQuery = preparedPerDb((db) => {
  const none = sql`false`;
  return liveRootWithAccess(db, 'seriesId')
    .unionAll(
      db
        .select(withAccess)
        .from(events)
        .leftJoin(calendars, none)
        .leftJoin(calendarMembers, none)
        .leftJoin(userEventStatuses, none)
        .where(
          and(
            eq(events.parentId, sql.placeholder('seriesId')),
            eq(events.occurrenceDate, sql`${sql.placeholder('occurrenceDate')}::timestamptz`),
          ),
        ),
    )
    .prepare('event_occurrence_access');
});

/**
 * What an id names and the viewer's access to it (findEventTarget, then getEventAccess), read in
 * one statement; 404 as findEventTarget and getEventAccess answer it.
 */
export async function findEventWithAccess(
  db: Db,
  eventId: string,
  viewerId: string,
): Promise<{ target: EventTarget; access: EventAccess }> {
  const occurrence = parseOccurrenceId(eventId);
  if (!occurrence) {
    const access = await findLiveRootWithAccess(db, eventId, viewerId);
    if (!access) throw notFound('No such event');
    return { target: { root: access.event, originalStart: null, exception: null }, access };
  }
  const rows = await occurrenceWithAccessQuery(db).execute({
    seriesId: occurrence.seriesId,
    occurrenceDate: occurrence.originalStart.toISOString(),
    viewerId,
  });
  const series = rows.find((row) => row.root.parentId === null);
  const target = occurrenceTarget(
    series?.root,
    rows.find((row) => row.root.parentId !== null)?.root,
    occurrence.originalStart,
  );
  return { target, access: accessOf(target.root, series, viewerId) };
}

/** A live single event or series by its id (not an occurrence id); undefined when there is none. */
async function findLiveRoot(db: Db, id: string): Promise<EventRow | undefined> {
  const [root] = await eventRootQuery(db).execute({ id });
  return root;
}

/**
 * An occurrence's series (live, as eventRootQuery reads it) and its exception row if it has one,
 * in one statement: at most two rows, told apart by parent_id.
 */
const occurrenceQuery = preparedPerDb((db) =>
  db
    .select()
    .from(events)
    .where(and(eq(events.id, sql.placeholder('seriesId')), isNull(events.parentId), isNull(events.deletedAt)))
    .unionAll(
      db
        .select()
        .from(events)
        .where(
          and(
            eq(events.parentId, sql.placeholder('seriesId')),
            eq(events.occurrenceDate, sql`${sql.placeholder('occurrenceDate')}::timestamptz`),
          ),
        ),
    )
    .prepare('event_occurrence'),
);

/**
 * Loads what an id names. Deleted events, cancelled occurrences and dates the series never
 * yields are 404.
 */
export async function findEventTarget(db: Db, eventId: string): Promise<EventTarget> {
  const occurrence = parseOccurrenceId(eventId);
  if (!occurrence) {
    const root = await findLiveRoot(db, eventId);
    if (!root) throw notFound('No such event');
    return { root, originalStart: null, exception: null };
  }
  const rows = await occurrenceQuery(db).execute({
    seriesId: occurrence.seriesId,
    occurrenceDate: occurrence.originalStart.toISOString(),
  });
  return occurrenceTarget(
    rows.find((row) => row.parentId === null),
    rows.find((row) => row.parentId !== null),
    occurrence.originalStart,
  );
}

/** An occurrence from its series and exception rows; 404 when it was cancelled or never is. */
function occurrenceTarget(
  root: EventRow | undefined,
  exception: EventRow | undefined,
  originalStart: Date,
): EventTarget {
  if (!root?.repeatingRule) throw notFound('No such event');
  if (exception && (exception.isCancelled || exception.deletedAt)) throw notFound('No such event');
  if (!exception && !isOccurrence(seriesShape(root), originalStart)) throw notFound('No such event');
  return { root, originalStart, exception: exception ?? null };
}

/** The fields recurrence expansion reads from a series row. */
export function seriesShape(row: EventRow) {
  return {
    id: row.id,
    startDate: row.startDate,
    isAllDay: row.isAllDay,
    startTimezone: row.startTimezone,
    repeatingRule: row.repeatingRule ?? '',
  };
}

/**
 * The viewer's access to an event (a single event or a series). They see it when they see its
 * calendar, own it, or were sent an invitation to it; anyone else gets 404.
 */
export async function getEventAccess(db: Db, event: EventRow, viewerId: string): Promise<EventAccess> {
  const [row] = await accessQuery(db).execute({ calendarId: event.calendarId, eventId: event.id, viewerId });
  return accessOf(event, row, viewerId);
}

/** The access an event's calendar, the viewer's membership of it and their RSVP row make. */
function accessOf(
  event: EventRow,
  row: { calendar: CalendarRow | null; member: MemberRow | null; invitation: RsvpRow | null } | undefined,
  viewerId: string,
): EventAccess {
  const calendar = row ? visibleCalendar(row.calendar, row.member) : null;
  const invitation = row?.invitation ?? null;
  const isOwner = event.ownerId === viewerId;
  const invited = Boolean(invitation?.sharedAt);
  if (!calendar && !isOwner && !invited) throw notFound('No such event');
  return {
    event,
    calendar,
    invitation,
    permissions: eventPermissions({
      event,
      viewerId,
      calendar: calendar?.permissions ?? null,
      linkCalendarId: invitation?.linkCalendarId ?? null,
    }),
  };
}
