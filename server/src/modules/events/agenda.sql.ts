import { and, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { events, userEventStatuses } from '../../db/schema/index.ts';
import { likePattern } from '../calendars/members.service.ts';
import type { AgendaCursor } from './agenda.cursor.ts';
import type { EventRow } from './events.access.ts';

/** What an agenda page asks for besides its position. */
export interface AgendaFilter {
  calendarIds: string[];
  /** Starts before this (forward) / at or after this (backward) — the window's far edge. */
  bound: Date | null;
  kind?: string;
  q?: string;
  showDeleted: boolean;
  limit: number;
}

/**
 * The single events of a page: for each calendar, the first `limit` beyond the cursor from its
 * own events and from the invitations linked into it, each an index range scan; then the
 * first `limit` of them all. The cost is (calendars × limit), whatever the number of events.
 */
export async function selectSingleEventIds(db: Db, cursor: AgendaCursor, filter: AgendaFilter) {
  if (filter.calendarIds.length === 0) return [];
  return rowsOf<{ id: string }>(await db.execute(singleEventsQuery(cursor, filter))).map((row) => row.id);
}

/** The SQL of selectSingleEventIds (the EXPLAIN test reads its plan). */
export function singleEventsQuery(cursor: AgendaCursor, filter: AgendaFilter): SQL {
  const forward = cursor.direction === 'forward';
  const op = sql.raw(forward ? '>' : '<');
  const order = sql.raw(forward ? 'ASC' : 'DESC');
  const start = cursor.start.toISOString();
  const key = cursor.key.slice(0, 32);
  const bound = filter.bound
    ? forward
      ? sql`AND e.start_date < ${filter.bound.toISOString()}::timestamptz`
      : sql`AND e.start_date >= ${filter.bound.toISOString()}::timestamptz`
    : sql``;
  const conditions = sql.join(
    [
      filter.showDeleted ? sql`` : sql`AND e.deleted_at IS NULL`,
      filter.kind ? sql`AND e.kind = ${filter.kind}` : sql``,
      filter.q ? sql`AND e.name ILIKE ${likePattern(filter.q)}` : sql``,
      bound,
    ],
    sql` `,
  );
  const calendarList = sql.join(
    filter.calendarIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    SELECT DISTINCT page.id, page.start_date
    FROM unnest(ARRAY[${calendarList}]::text[]) AS cal(id)
    CROSS JOIN LATERAL (
      (SELECT e.id, e.start_date FROM events e
        WHERE e.calendar_id = cal.id AND e.repeating_rule IS NULL AND e.parent_id IS NULL
          AND (e.start_date, e.id) ${op} (${start}::timestamptz, ${key}) ${conditions}
        ORDER BY e.start_date ${order}, e.id ${order} LIMIT ${filter.limit})
      UNION ALL
      (SELECT s.event_id AS id, s.event_start AS start_date FROM user_event_statuses s
        JOIN events e ON e.id = s.event_id
        WHERE s.link_calendar_id = cal.id AND NOT s.event_is_series
          AND (s.event_start, s.event_id) ${op} (${start}::timestamptz, ${key}) ${conditions}
        ORDER BY s.event_start ${order}, s.event_id ${order} LIMIT ${filter.limit})
    ) AS page
    ORDER BY page.start_date ${order}, page.id ${order}
    LIMIT ${filter.limit}`;
}

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The series that may have occurrences beyond the cursor: from the calendars themselves and
 * linked into them by an invitation, still running at the cursor (forward) or begun before it
 * (backward). Each calendar has few series; they are expanded in code.
 */
export async function selectSeries(db: Db, cursor: AgendaCursor, filter: AgendaFilter): Promise<EventRow[]> {
  if (filter.calendarIds.length === 0) return [];
  const [own, linked] = seriesQueries(db, cursor, filter);
  const rows = [...(await own), ...(await linked).map((row) => row.event)];
  return [...new Map(rows.map((row) => [row.id, row])).values()];
}

/**
 * The two queries of selectSeries, each an index scan (an OR of the two would not be): series
 * of the calendars, and series linked into them (the EXPLAIN test reads their plans).
 */
export function seriesQueries(db: Db, cursor: AgendaCursor, filter: AgendaFilter) {
  const forward = cursor.direction === 'forward';
  const running = or(isNull(events.seriesUntil), gte(events.seriesUntil, cursor.start));
  const window: SQL | undefined = forward
    ? and(running, filter.bound ? lt(events.startDate, filter.bound) : undefined)
    : and(
        sql`${events.startDate} <= ${cursor.start.toISOString()}::timestamptz`,
        filter.bound ? or(isNull(events.seriesUntil), gte(events.seriesUntil, filter.bound)) : undefined,
      );
  const live = and(
    isNotNull(events.repeatingRule),
    isNull(events.parentId),
    filter.showDeleted ? undefined : isNull(events.deletedAt),
    window,
  );
  const own = db
    .select()
    .from(events)
    .where(and(inArray(events.calendarId, filter.calendarIds), live));
  const linked = db
    .select({ event: events })
    .from(userEventStatuses)
    .innerJoin(events, eq(events.id, userEventStatuses.eventId))
    .where(
      and(
        inArray(userEventStatuses.linkCalendarId, filter.calendarIds),
        sql`${userEventStatuses.eventIsSeries}`,
        live,
      ),
    );
  return [own, linked] as const;
}

/** The exception rows (changed or cancelled occurrences) of the given series. */
export async function selectExceptions(db: Db, seriesIds: string[]): Promise<EventRow[]> {
  if (seriesIds.length === 0) return [];
  return db
    .select()
    .from(events)
    .where(and(inArray(events.parentId, seriesIds)));
}

/** Full rows of the given events. */
export async function selectEvents(db: Db, ids: string[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(events).where(inArray(events.id, ids));
}

/** The viewer's confirmed calendars (what GET /api/events spans). */
export async function selectViewerCalendarIds(db: Db, viewerId: string): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT m.calendar_id AS id FROM calendar_members m
    JOIN calendars c ON c.id = m.calendar_id
    WHERE m.user_id = ${viewerId} AND m.is_confirmed AND c.deleted_at IS NULL`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}
