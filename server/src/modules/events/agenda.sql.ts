import { and, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { rawRowReader } from '../../db/rawRows.ts';
import { events, userEventStatuses } from '../../db/schema/index.ts';
import { likePattern } from '../calendars/members.service.ts';
import type { AgendaCursor } from './agenda.cursor.ts';
import type { EventRow } from './events.access.ts';
import { type SeriesRef, seriesRows } from './seriesRows.ts';

/** What an agenda page asks for besides its position. */
export interface AgendaFilter {
  /** The calendars it spans: a query answering their ids (viewerCalendars, oneCalendar). */
  calendars: SQL;
  /** Starts before this (forward) / at or after this (backward) — the window's far edge. */
  bound: Date | null;
  kind?: string;
  q?: string;
  showDeleted: boolean;
  limit: number;
}

/** The viewer's confirmed calendars (what GET /api/events spans), as a subquery. */
export function viewerCalendars(viewerId: string): SQL {
  return sql`SELECT m.calendar_id FROM calendar_members m
    JOIN calendars c ON c.id = m.calendar_id
    WHERE m.user_id = ${viewerId} AND m.is_confirmed AND c.deleted_at IS NULL`;
}

/** One calendar (GET /api/calendars/{id}/events), as a subquery. */
export function oneCalendar(calendarId: string): SQL {
  return sql`SELECT ${calendarId}::text`;
}

/** Everything one agenda page is merged from, read by one statement. */
export interface AgendaCandidates {
  /** The first `limit` single events beyond the cursor (own and linked), in no order. */
  singles: EventRow[];
  /** The series that may have occurrences beyond the cursor. */
  series: EventRow[];
  /** The changed and cancelled occurrences of those series. */
  exceptions: EventRow[];
}

/**
 * The page's single events, running series and their exceptions in one statement (one round
 * trip; the calendars are a subquery, not a list read first): the calendars and the running
 * series' ids are computed once each (CTEs), then three index-driven parts joined by UNION ALL,
 * each row tagged with its part. The series come as ids and row versions only, and their rows
 * from the series store (seriesRows), which reads again only those it has not seen at that version.
 */
export async function selectCandidates(
  db: Db,
  cursor: AgendaCursor,
  filter: AgendaFilter,
): Promise<AgendaCandidates> {
  const candidates: AgendaCandidates = { singles: [], series: [], exceptions: [] };
  const result = (await db.execute(candidatesQuery(cursor, filter))) as unknown as {
    rows: Array<Record<string, unknown>>;
  };
  const series: SeriesRef[] = [];
  for (const raw of result.rows) {
    if (raw.part === 'series')
      series.push({ id: String(raw.series_id), version: String(raw.series_version) });
    else (raw.part === 'single' ? candidates.singles : candidates.exceptions).push(eventRowOf(raw));
  }
  candidates.series = await seriesRows(db, series, filter.showDeleted);
  return candidates;
}

const eventRowOf = rawRowReader(events);

/** The statement of selectCandidates (the EXPLAIN test reads its plan). */
export function candidatesQuery(cursor: AgendaCursor, filter: AgendaFilter): SQL {
  const calendarsInView: AgendaFilter = { ...filter, calendars: sql`SELECT id FROM cal` };
  const [own, linked] = seriesQueries(cursor, calendarsInView);
  return sql`
    WITH cal(id) AS MATERIALIZED (${filter.calendars}),
      running(id, version) AS MATERIALIZED (${own} UNION ${linked})
    SELECT 'single' AS part, NULL AS series_id, NULL AS series_version, e.* FROM events e
      WHERE e.id IN (SELECT page.id FROM (${singleEventsQuery(cursor, calendarsInView)}) AS page)
    UNION ALL
    SELECT 'series', r.id, r.version, e.* FROM running r LEFT JOIN events e ON false -- no row, only the columns
    UNION ALL
    SELECT 'exception', NULL, NULL, e.* FROM events e WHERE e.parent_id IN (SELECT id FROM running)`;
}

/**
 * The single events of a page: for each calendar, the first `limit` beyond the cursor from its
 * own events and from the invitations linked into it, each an index range scan; then the
 * first `limit` of them all. The cost is (calendars × limit), whatever the number of events.
 */
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
  return sql`
    SELECT DISTINCT page.id, page.start_date
    FROM (${filter.calendars}) AS cal(id)
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

/**
 * The ids and row versions (xmin) of the series that may have occurrences beyond the cursor: from the calendars
 * themselves and linked into them by an invitation, still running at the cursor (forward) or
 * begun before it (backward). Two queries, each an index scan (an OR of the two would not be;
 * the EXPLAIN test reads their plans). Each calendar has few series; they are expanded in code.
 */
export function seriesQueries(cursor: AgendaCursor, filter: AgendaFilter) {
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
  const own = sql`SELECT ${events.id}, ${events}.xmin::text FROM ${events}
    WHERE ${events.calendarId} IN (${filter.calendars}) AND ${live}`;
  const linked = sql`SELECT ${userEventStatuses.eventId}, ${events}.xmin::text FROM ${userEventStatuses}
    JOIN ${events} ON ${events.id} = ${userEventStatuses.eventId}
    WHERE ${userEventStatuses.linkCalendarId} IN (${filter.calendars}) AND ${userEventStatuses.eventIsSeries} AND ${live}`;
  return [own, linked] as const;
}
