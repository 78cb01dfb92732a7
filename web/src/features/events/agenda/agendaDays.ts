import { type AgendaItem, dayKey, parseDayKey, toWallClock, utcDay } from '@convene/contract';

/** Heights of the agenda's rows (spec: event rows 112 px with a 24 px gap). */
export const agendaRowSizes = { eventHeight: 112, eventGap: 24, header: 48 } as const;

/** Day header rows' keys start with this (event ids never do). */
const dayRowPrefix = 'day:';

/** What the grouping needs of an event. */
export type AgendaEvent = Pick<AgendaItem, 'eventId' | 'startDate' | 'isAllDay'>;

/** One row of the agenda: a day's header, or an event under it. */
export type AgendaRow<T extends AgendaEvent = AgendaItem> =
  | { type: 'day'; key: string; day: string }
  | { type: 'event'; key: string; day: string; event: T };

/**
 * The day ('YYYY-MM-DD') an event belongs to: its start's day in the viewer's zone, or for an
 * all-day event its GMT day (all-day events are stored as a GMT span).
 */
export function eventDay(event: AgendaEvent, timeZone: string): string {
  if (event.isAllDay) return utcDay(event.startDate);
  return dayKey(toWallClock(Date.parse(event.startDate), timeZone));
}

/** Today's day key in a time zone. */
export function todayIn(now: Date, timeZone: string): string {
  return dayKey(toWallClock(now.getTime(), timeZone));
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseDayKey(from);
  const b = parseDayKey(to);
  if (!a || !b) return Number.NaN;
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000,
  );
}

/**
 * The rows of the agenda: days in order, each with a header and its events (all-day ones first,
 * then in the API's order). Groups by day rather than by run, because in zones west of GMT an
 * all-day event's GMT start sorts among the evening before.
 */
export function toAgendaRows<T extends AgendaEvent>(events: readonly T[], timeZone: string): AgendaRow<T>[] {
  const byDay = new Map<string, T[]>();
  for (const event of events) {
    const day = eventDay(event, timeZone);
    const list = byDay.get(day);
    if (list) list.push(event);
    else byDay.set(day, [event]);
  }
  const rows: AgendaRow<T>[] = [];
  for (const day of [...byDay.keys()].sort()) {
    rows.push({ type: 'day', key: `${dayRowPrefix}${day}`, day });
    const dayEvents = byDay.get(day) ?? [];
    const ordered = [...dayEvents.filter((e) => e.isAllDay), ...dayEvents.filter((e) => !e.isAllDay)];
    for (const event of ordered) rows.push({ type: 'event', key: event.eventId, day, event });
  }
  return rows;
}

/** The height a row takes in the list (an event row includes the gap below it). */
export function agendaRowSize(row: Pick<AgendaRow<AgendaEvent>, 'type'>): number {
  return row.type === 'day' ? agendaRowSizes.header : agendaRowSizes.eventHeight + agendaRowSizes.eventGap;
}

/** Where each row starts, from the top of the list. */
export function agendaRowOffsets(rows: readonly Pick<AgendaRow<AgendaEvent>, 'type'>[]): number[] {
  const offsets: number[] = [];
  let offset = 0;
  for (const row of rows) {
    offsets.push(offset);
    offset += agendaRowSize(row);
  }
  return offsets;
}

/** The index of the row that covers a scroll offset (the last one that starts at or before it). */
export function agendaRowAt(offsets: readonly number[], scrollTop: number): number {
  let low = 0;
  let high = offsets.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((offsets[middle] ?? 0) <= scrollTop) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * The row a fresh list opens at: today's header, else the next day with events; if every day is
 * past, the last row.
 */
export function agendaStartRow(rows: readonly Pick<AgendaRow<AgendaEvent>, 'type' | 'day'>[], today: string) {
  const index = rows.findIndex((row) => row.type === 'day' && row.day >= today);
  return index >= 0 ? index : Math.max(rows.length - 1, 0);
}

/**
 * How far the view must move so the event at the top stays put after the rows changed (older
 * events put before it, or a refresh above it): 0 when that row is gone or did not move. A
 * header at the top is passed over for its first event, as older events of that day go between.
 */
export function anchorShift(
  before: { keys: readonly string[]; offsets: readonly number[] },
  after: { keys: readonly string[]; offsets: readonly number[] },
  scrollTop: number,
): number {
  if (before.keys.length === 0) return 0;
  let index = agendaRowAt(before.offsets, scrollTop);
  if (before.keys[index]?.startsWith(dayRowPrefix) && index + 1 < before.keys.length) index += 1;
  const newIndex = after.keys.indexOf(before.keys[index] ?? '');
  if (newIndex < 0) return 0;
  return (after.offsets[newIndex] ?? 0) - (before.offsets[index] ?? 0);
}

/**
 * The event row keyboard focus enters the agenda on (roving tabindex): the first event of today
 * or, without one, of the next day that has events; the last event when all are past. -1 when
 * there are no events.
 */
export function agendaFocusRow(rows: readonly Pick<AgendaRow<AgendaEvent>, 'type' | 'day'>[], today: string) {
  const start = agendaStartRow(rows, today);
  for (let index = start; index < rows.length; index += 1) if (rows[index]?.type === 'event') return index;
  for (let index = rows.length - 1; index >= 0; index -= 1) if (rows[index]?.type === 'event') return index;
  return -1;
}

/** The next event row from `index` in a direction (1 down, -1 up), or -1 at the end. */
export function nextEventRow(
  rows: readonly Pick<AgendaRow<AgendaEvent>, 'type'>[],
  index: number,
  step: 1 | -1,
) {
  for (let next = index + step; next >= 0 && next < rows.length; next += step) {
    if (rows[next]?.type === 'event') return next;
  }
  return -1;
}
