import type { Event, eventsQuery } from '@convene/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { validation } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { getCalendarAccess } from '../calendars/calendars.access.ts';
import { type AgendaCursor, compareItems, decodeCursor, encodeCursor, isBeyond } from './agenda.cursor.ts';
import {
  type AgendaFilter,
  selectEvents,
  selectExceptions,
  selectSeries,
  selectSingleEventIds,
  selectViewerCalendarIds,
} from './agenda.sql.ts';
import { type EventRow, seriesShape } from './events.access.ts';
import {
  type EventItem,
  exceptionItem,
  loadViewContext,
  occurrenceItem,
  pickFields,
  presentEvent,
  rootItem,
} from './events.presenter.ts';
import { occurrenceId, occurrencesFrom, occurrencesUntil } from './recurrence.ts';

type Query = z.output<typeof eventsQuery>;

/** A page as answered: whole events, or the requested fields of each. */
export interface AgendaPage {
  items: Array<Partial<Event>>;
  nextPageToken?: string;
}

/** Agenda pages reach back to 1900 and forward to 2200 (the range events may have). */
const floor = new Date(Date.UTC(1900, 0, 1));

/** Where a page starts: the token's position, else timeMin forward, else timeMax backward. */
function startingCursor(query: Query): { cursor: AgendaCursor; bound: Date | null } {
  const timeMin = query.timeMin ? new Date(query.timeMin) : null;
  const timeMax = query.timeMax ? new Date(query.timeMax) : null;
  if (timeMin && timeMax && timeMin >= timeMax) throw validation('timeMax', 'timeMax must be after timeMin');
  if (query.pageToken) {
    const cursor = decodeCursor(query.pageToken);
    return { cursor, bound: cursor.direction === 'forward' ? timeMax : timeMin };
  }
  if (timeMin || !timeMax) {
    return { cursor: { direction: 'forward', start: timeMin ?? floor, key: '' }, bound: timeMax };
  }
  return { cursor: { direction: 'backward', start: timeMax, key: '' }, bound: null };
}

function matches(row: EventRow, filter: AgendaFilter): boolean {
  if (filter.kind && row.kind !== filter.kind) return false;
  if (filter.q && !row.name.toLowerCase().includes(filter.q.toLowerCase())) return false;
  return true;
}

const earliest = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : (a ?? b));
const latest = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

function withinBound(item: EventItem, cursor: AgendaCursor, bound: Date | null): boolean {
  if (!bound) return true;
  return cursor.direction === 'forward' ? item.start < bound : item.start >= bound;
}

/**
 * The occurrences of each series beyond the cursor: generated ones (minus those an exception
 * replaces or cancels) and the exceptions themselves, at most `limit` per series and none past
 * the horizon.
 */
async function seriesItems(
  ctx: AppContext,
  cursor: AgendaCursor,
  filter: AgendaFilter,
  horizon: Date | null,
): Promise<EventItem[]> {
  const series = await selectSeries(ctx.db, cursor, filter);
  const exceptions = await selectExceptions(
    ctx.db,
    series.map((row) => row.id),
  );
  const items: EventItem[] = [];
  for (const row of series) {
    const own = exceptions.filter((exception) => exception.parentId === row.id);
    const replaced = new Set(own.map((exception) => occurrenceId(row.id, exception.occurrenceDate as Date)));
    if (matches(row, filter)) {
      const want = filter.limit + own.length + 1;
      const starts =
        cursor.direction === 'forward'
          ? occurrencesFrom(
              seriesShape(row),
              cursor.start,
              want,
              earliest(filter.bound, horizon && new Date(horizon.getTime() + 1)),
            )
          : occurrencesUntil(seriesShape(row), cursor.start, want, latest(filter.bound, horizon));
      for (const start of starts) {
        const item = occurrenceItem(row, start);
        if (!replaced.has(item.key) && isBeyond(item, cursor)) items.push(item);
      }
    }
    for (const exception of own) {
      const item = exceptionItem(row, exception);
      if (item.deleted && !filter.showDeleted) continue;
      if (matches(exception, filter) && isBeyond(item, cursor) && withinBound(item, cursor, filter.bound))
        items.push(item);
    }
  }
  return items;
}

/**
 * A page of the agenda, ordered by start then id (an occurrence's id after its series id),
 * so following nextPageToken neither skips nor repeats an item. Forward pages hold starts ≥
 * timeMin; backward pages the latest starts < timeMax. Items are always in ascending order;
 * nextPageToken is present only while more items lie that way.
 */
async function listPage(
  ctx: AppContext,
  viewer: Viewer,
  query: Query,
  calendarIds: string[],
  viewedIn?: string,
): Promise<AgendaPage> {
  const { cursor, bound } = startingCursor(query);
  const filter: AgendaFilter = {
    calendarIds,
    bound,
    kind: query.kind,
    q: query.q || undefined,
    showDeleted: query.showDeleted === 'true',
    limit: query.maxResults + 1,
  };
  const singles = (await selectEvents(ctx.db, await selectSingleEventIds(ctx.db, cursor, filter))).map(
    rootItem,
  );
  // A full page of single events sets a horizon: no occurrence beyond the last of them can
  // make the page, so each series is expanded only up to it.
  const horizon =
    singles.length === filter.limit
      ? (singles.sort(compareItems).at(cursor.direction === 'forward' ? -1 : 0)?.start ?? null)
      : null;
  const occurrences = await seriesItems(ctx, cursor, filter, horizon);
  const merged = [...singles, ...occurrences].sort(compareItems);
  if (cursor.direction === 'backward') merged.reverse();
  const page = merged.slice(0, query.maxResults);
  const last = page.at(-1);
  const nextPageToken =
    merged.length > query.maxResults && last
      ? encodeCursor({ direction: cursor.direction, start: last.start, key: last.key })
      : undefined;
  if (cursor.direction === 'backward') page.reverse();
  const context = await loadViewContext(
    ctx.db,
    viewer.account.id,
    page.map((item) => item.root),
  );
  const inView = new Set(calendarIds);
  const items = page.map((item) => {
    const link = context.mine.get(item.root.id)?.linkCalendarId;
    const seenIn =
      viewedIn ?? (inView.has(item.root.calendarId) ? item.root.calendarId : (link ?? item.root.calendarId));
    return pickFields(presentEvent(item, context, seenIn), query.fields);
  });
  return nextPageToken ? { items, nextPageToken } : { items };
}

/** GET /api/events: every confirmed calendar of the viewer, and the events shared into them. */
export async function listMyEvents(ctx: AppContext, viewer: Viewer, query: Query) {
  return listPage(ctx, viewer, query, await selectViewerCalendarIds(ctx.db, viewer.account.id));
}

/** GET /api/calendars/{id}/events: one calendar the viewer can see. */
export async function listCalendarEvents(ctx: AppContext, viewer: Viewer, calendarId: string, query: Query) {
  await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  return listPage(ctx, viewer, query, [calendarId], calendarId);
}
