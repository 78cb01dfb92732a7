import {
  type AttendanceValue,
  type Event,
  eventDefaults,
  eventFieldNames,
  isMultiDay,
  type RsvpValue,
} from '@convene/contract';
import { isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { rawRowReader } from '../../db/rawRows.ts';
import { accounts, calendarMembers, calendars, userEventStatuses } from '../../db/schema/index.ts';
import { permissionsFor } from '../calendars/calendars.access.ts';
import { type LiveStreamEntry, liveStreamsJson, streamsByEvent } from '../streams/streams.presenter.ts';
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

const rsvpRowOf = rawRowReader(userEventStatuses);
const calendarRowOf = rawRowReader(calendars);
const memberRowOf = rawRowReader(calendarMembers);

/**
 * Loads the RSVP counts, the viewer's RSVPs, owners and calendars of the items' roots, and the
 * items' live streams (the streams module's subquery), in one statement: each part a JSON
 * array, so a page costs one round trip for them.
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
  // Each list is one array parameter (not one parameter per id).
  const anyOf = (values: string[]) => sql`ANY(${sql.param(values)}::text[])`;
  const countOf = (value: string) => sql`count(*) FILTER (WHERE ${userEventStatuses.rsvp} = ${value})`;
  const keys = [...new Set(items.map((item) => item.key))];
  const result = await db.execute(sql`SELECT
      (SELECT coalesce(json_agg(json_build_array(c.event_id, c.pending, c.attending, c.not_attending, c.none)), '[]'::json)
        FROM (SELECT ${userEventStatuses.eventId} AS event_id, ${countOf('pending')} AS pending,
            ${countOf('attending')} AS attending, ${countOf('notAttending')} AS not_attending,
            ${countOf('none')} AS none
          FROM ${userEventStatuses}
          WHERE ${userEventStatuses.eventId} = ${anyOf(ids)} AND ${countedRsvp}
          GROUP BY ${userEventStatuses.eventId}) AS c) AS counts,
      (SELECT coalesce(json_agg(row_to_json(${userEventStatuses})), '[]'::json) FROM ${userEventStatuses}
        WHERE ${userEventStatuses.eventId} = ${anyOf(ids)} AND ${userEventStatuses.userId} = ${viewerId}) AS mine,
      (SELECT coalesce(json_agg(json_build_array(${accounts.id}, ${accounts.name}, ${accounts.imageLink})), '[]'::json)
        FROM ${accounts} WHERE ${accounts.id} = ${anyOf(ownerIds)}) AS owners,
      (SELECT coalesce(json_agg(json_build_array(row_to_json(${calendars}),
          CASE WHEN ${calendarMembers.id} IS NULL THEN NULL ELSE row_to_json(${calendarMembers}) END)), '[]'::json)
        FROM ${calendars} LEFT JOIN ${calendarMembers}
          ON ${calendarMembers.calendarId} = ${calendars.id} AND ${calendarMembers.userId} = ${viewerId}
        WHERE ${calendars.id} = ${anyOf(calendarIds)}) AS calendars,
      ${liveStreamsJson(keys)} AS streams`);
  const [row] = (result as unknown as { rows: Array<Record<ContextPart, unknown>> }).rows;
  const part = <T>(name: ContextPart): T[] => {
    const value = row?.[name];
    return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
  };
  return {
    viewerId,
    statistics: new Map(
      part<[string, number, number, number, number]>('counts').map(
        ([eventId, pending, attending, notAttending, none]) => [
          eventId,
          { pending, attending, notAttending, none },
        ],
      ),
    ),
    mine: new Map(
      part<Record<string, unknown>>('mine').map((raw) => {
        const rsvp = rsvpRowOf(raw);
        return [rsvp.eventId, rsvp];
      }),
    ),
    owners: new Map(
      part<[string, string, string | null]>('owners').map(([userId, name, imageLink]) => [
        userId,
        { userId, name, imageLink },
      ]),
    ),
    calendars: new Map(
      part<[Record<string, unknown>, Record<string, unknown> | null]>('calendars').map(
        ([calendar, member]) => {
          const place = { calendar: calendarRowOf(calendar), member: member ? memberRowOf(member) : null };
          return [place.calendar.id, place];
        },
      ),
    ),
    livestreams: streamsByEvent(part<LiveStreamEntry>('streams')),
  };
}

type ContextPart = 'counts' | 'mine' | 'owners' | 'calendars' | 'streams';

/** The description the spec keeps as the first text attachment. */
export function descriptionOf(row: EventRow): string | null {
  const text = row.attachments.find((item) => item.type === 'text');
  return typeof text?.data.text === 'string' ? text.data.text : null;
}

/** One item as one viewer sees it: what several fields share, each worked out once, when asked. */
class Presentation {
  readonly place;
  readonly mine;
  readonly linkCalendarId;
  #calendarPermissions: ReturnType<typeof permissionsFor> | null | undefined;
  #permissions: Event['permissions'] | undefined;

  constructor(
    readonly item: EventItem,
    readonly context: ViewContext,
    readonly viewedIn: string | undefined,
  ) {
    this.place = context.calendars.get(item.root.calendarId);
    this.mine = context.mine.get(item.root.id) ?? null;
    this.linkCalendarId = this.mine?.userId === context.viewerId ? this.mine.linkCalendarId : null;
  }

  get calendarPermissions() {
    if (this.#calendarPermissions === undefined)
      this.#calendarPermissions = this.place ? permissionsFor(this.place.calendar, this.place.member) : null;
    return this.#calendarPermissions;
  }

  get permissions() {
    this.#permissions ??= eventPermissions({
      event: this.item.root,
      viewerId: this.context.viewerId,
      calendar: this.calendarPermissions,
      linkCalendarId: this.linkCalendarId,
    });
    return this.#permissions;
  }
}

/** How each field of an event is presented, so that `fields` costs only what it asks for. */
const presenters: { [K in keyof Event]: (view: Presentation) => Event[K] } = {
  eventId: ({ item }) => item.key,
  name: ({ item }) => item.source.name,
  description: ({ item }) => descriptionOf(item.source),
  isAllDay: ({ item }) => item.source.isAllDay,
  isMultiDay: ({ item }) =>
    isMultiDay({
      isAllDay: item.source.isAllDay,
      startDate: item.start.toISOString(),
      endDate: item.end.toISOString(),
      startTimezone: item.source.startTimezone,
    }),
  startDate: ({ item }) => item.start.toISOString(),
  endDate: ({ item }) => item.end.toISOString(),
  startTimezone: ({ item }) => item.source.startTimezone,
  endTimezone: ({ item }) => item.source.endTimezone,
  occurrenceDate: ({ item }) => item.originalStart?.toISOString() ?? null,
  occurrenceId: ({ item }) => (item.originalStart ? item.key : null),
  parentId: ({ item }) => (item.originalStart ? item.root.id : null),
  repeatingRule: ({ item }) => item.root.repeatingRule,
  calendarId: ({ item, viewedIn }) => viewedIn ?? item.root.calendarId,
  originatingCalendarId: ({ item }) => item.root.calendarId,
  originatingCalendar: (view) => {
    const { item, place } = view;
    return {
      calendarId: item.root.calendarId,
      name: place?.calendar.name ?? '',
      color: place?.calendar.color ?? `#${eventDefaults.hexColor}`,
      visibility: place?.calendar.visibility ?? 'private',
      isPersonal: place?.calendar.isPersonal ?? false,
      userLink:
        place?.member?.isConfirmed && view.calendarPermissions
          ? { permissions: view.calendarPermissions }
          : null,
    };
  },
  usersWithPermissions: ({ linkCalendarId }) => (linkCalendarId ? [{ linkCalendarId }] : []),
  owner: ({ item, context }) =>
    context.owners.get(item.root.ownerId) ?? { userId: item.root.ownerId, name: '', imageLink: null },
  permissions: (view) => view.permissions,
  abilities: (view) => eventPolicy.abilities({ permissions: view.permissions }),
  attachments: ({ item }) => item.source.attachments as Event['attachments'],
  location: ({ item }) => item.source.location,
  hexColor: ({ item }) => item.source.hexColor,
  kind: ({ item }) => item.source.kind as Event['kind'],
  rsvpType: ({ item }) => item.source.rsvpType,
  tags: ({ item }) => item.source.tags,
  colorSettings: ({ item }) => item.source.colorSettings,
  extendedProperties: ({ item }) => item.source.extendedProperties,
  reminders: ({ item }) => item.source.reminders,
  livestreams: ({ item, context }) => livestreamsOf(item, context),
  rsvpsStatistics: ({ item, context }) =>
    context.statistics.get(item.root.id) ?? { pending: 0, attending: 0, notAttending: 0, none: 0 },
  userEventStatus: ({ mine }) =>
    mine
      ? {
          userEventStatusId: mine.id,
          statuses: { rsvp: mine.rsvp as RsvpValue, attendance: mine.attendance as AttendanceValue },
        }
      : null,
  lastActionType: ({ item }) =>
    item.deleted ? 'delete' : (item.source.lastActionType as Event['lastActionType']),
  updatedAt: ({ item }) => item.source.updatedAt.toISOString(),
};

/**
 * An event as the viewer sees it: every field, or only `fields` (eventId always; each field is
 * worked out only when asked for). `viewedIn` is the calendar they look at it through (its
 * originating one unless it reached them as an invitation in their own calendar).
 */
export function presentEvent(item: EventItem, context: ViewContext, viewedIn?: string): Event;
export function presentEvent(
  item: EventItem,
  context: ViewContext,
  viewedIn: string | undefined,
  fields: ReadonlyArray<keyof Event> | undefined,
): Partial<Event>;
export function presentEvent(
  item: EventItem,
  context: ViewContext,
  viewedIn?: string,
  fields: ReadonlyArray<keyof Event> = eventFieldNames,
): Partial<Event> {
  const view = new Presentation(item, context, viewedIn);
  const event: Record<string, unknown> = {};
  for (const name of fields) event[name] = presenters[name](view);
  return event as Partial<Event>;
}

/** The event's live streams (PRODUCT.md §1.3 Event.livestreams): count drives the agenda's Live badge. */
function livestreamsOf(item: EventItem, context: ViewContext): Event['livestreams'] {
  const streams = item.deleted ? [] : (context.livestreams.get(item.key) ?? []);
  return { count: streams.length, max: item.source.livestreamsMax, streams };
}
