import type { Event, eventsQuery } from '@convene/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { validation } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { getCalendarAccess } from '../calendars/calendars.access.ts';
import { type AgendaCursor, decodeCursor, encodeCursor } from './agenda.cursor.ts';
import { mergeStreams, seriesStreams } from './agenda.merge.ts';
import { type AgendaFilter, oneCalendar, selectCandidates, viewerCalendars } from './agenda.sql.ts';
import { loadViewContext, presentEvent, rootItem } from './events.presenter.ts';

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
  calendars: SQL,
  viewedIn?: string,
): Promise<AgendaPage> {
  const { cursor, bound } = startingCursor(query);
  const filter: AgendaFilter = {
    calendars,
    bound,
    kind: query.kind,
    q: query.q || undefined,
    showDeleted: query.showDeleted === 'true',
    limit: query.maxResults + 1,
  };
  const { singles, series, exceptions } = await selectCandidates(ctx.db, cursor, filter);
  const streams = seriesStreams(series, exceptions, cursor, filter);
  const merged = mergeStreams(streams, singles.map(rootItem), cursor, filter.limit);
  const page = merged.slice(0, query.maxResults);
  const last = page.at(-1);
  const nextPageToken =
    merged.length > query.maxResults && last
      ? encodeCursor({ direction: cursor.direction, start: last.start, key: last.key })
      : undefined;
  // The merge ran backwards in time; a page is always shown in ascending order.
  if (cursor.direction === 'backward') page.reverse();
  const context = await loadViewContext(ctx.db, viewer.account.id, page);
  // One of the viewer's calendars: they are a confirmed member and it is not deleted (what
  // viewerCalendars selects); the view context holds each root's calendar with that membership.
  const inView = (calendarId: string) => {
    const place = context.calendars.get(calendarId);
    return Boolean(place?.member?.isConfirmed && !place.calendar.deletedAt);
  };
  const items = page.map((item) => {
    const link = context.mine.get(item.root.id)?.linkCalendarId;
    const seenIn =
      viewedIn ?? (inView(item.root.calendarId) ? item.root.calendarId : (link ?? item.root.calendarId));
    return presentEvent(item, context, seenIn, query.fields);
  });
  return nextPageToken ? { items, nextPageToken } : { items };
}

/** GET /api/events: every confirmed calendar of the viewer, and the events shared into them. */
export async function listMyEvents(ctx: AppContext, viewer: Viewer, query: Query) {
  return listPage(ctx, viewer, query, viewerCalendars(viewer.account.id));
}

/** GET /api/calendars/{id}/events: one calendar the viewer can see. */
export async function listCalendarEvents(ctx: AppContext, viewer: Viewer, calendarId: string, query: Query) {
  await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  return listPage(ctx, viewer, query, oneCalendar(calendarId), calendarId);
}
