import { type AgendaCursor, compareItems, isBeyond } from './agenda.cursor.ts';
import type { AgendaFilter } from './agenda.sql.ts';
import { type EventRow, seriesShape } from './events.access.ts';
import { type EventItem, exceptionItem, occurrenceItem } from './events.presenter.ts';
import { occurrenceId, occurrencesFrom, occurrencesUntil } from './recurrence.ts';

/** Items in agenda order (the cursor's direction), handed out one at a time; null when done. */
type Stream = () => EventItem | null;

/**
 * Occurrences a series makes at a time: one at first (most series running in a busy agenda
 * show one occurrence or none on a page), then twice as many each time the merge asks for more,
 * up to this many.
 */
const batch = 8;

function matches(row: EventRow, filter: AgendaFilter): boolean {
  if (filter.kind && row.kind !== filter.kind) return false;
  if (filter.q && !row.name.toLowerCase().includes(filter.q.toLowerCase())) return false;
  return true;
}

function withinBound(item: EventItem, cursor: AgendaCursor, bound: Date | null): boolean {
  if (!bound) return true;
  return cursor.direction === 'forward' ? item.start < bound : item.start >= bound;
}

/** A stream over items already in hand. */
function listStream(items: EventItem[], cursor: AgendaCursor): Stream {
  const ordered = [...items].sort(compareItems);
  if (cursor.direction === 'backward') ordered.reverse();
  let index = 0;
  return () => ordered[index++] ?? null;
}

/**
 * A series' occurrences beyond the cursor, generated a batch at a time as the merge asks for
 * them, skipping those an exception replaces or cancels.
 */
function occurrenceStream(
  row: EventRow,
  replaced: Set<string>,
  cursor: AgendaCursor,
  filter: AgendaFilter,
): Stream {
  const forward = cursor.direction === 'forward';
  const shape = seriesShape(row);
  let position = cursor.start;
  let exhausted = false;
  let buffer: EventItem[] = [];
  let size = 1;
  const refill = () => {
    const starts = forward
      ? occurrencesFrom(shape, position, size, filter.bound)
      : occurrencesUntil(shape, position, size, filter.bound).reverse();
    exhausted = starts.length < size;
    size = Math.min(size * 2, batch);
    const last = starts.at(-1);
    if (last) position = new Date(last.getTime() + (forward ? 1 : -1));
    buffer = starts
      .map((start) => occurrenceItem(row, start))
      .filter((item) => !replaced.has(item.key) && isBeyond(item, cursor));
  };
  return () => {
    while (buffer.length === 0 && !exhausted) refill();
    return buffer.shift() ?? null;
  };
}

/** The streams of the series of a page: each one's occurrences, and their exceptions. */
export function seriesStreams(
  series: EventRow[],
  exceptions: EventRow[],
  cursor: AgendaCursor,
  filter: AgendaFilter,
): Stream[] {
  const streams: Stream[] = [];
  const changed: EventItem[] = [];
  for (const row of series) {
    const own = exceptions.filter((exception) => exception.parentId === row.id);
    const replaced = new Set(own.map((exception) => occurrenceId(row.id, exception.occurrenceDate as Date)));
    if (matches(row, filter)) streams.push(occurrenceStream(row, replaced, cursor, filter));
    for (const exception of own) {
      const item = exceptionItem(row, exception);
      if (item.deleted && !filter.showDeleted) continue;
      if (matches(exception, filter) && isBeyond(item, cursor) && withinBound(item, cursor, filter.bound))
        changed.push(item);
    }
  }
  return [...streams, listStream(changed, cursor)];
}

/**
 * The first `limit` items of all streams in agenda order: a k-way merge, so each series makes
 * only about as many occurrences as the page shows, whatever its length.
 */
export function mergeStreams(streams: Stream[], singles: EventItem[], cursor: AgendaCursor, limit: number) {
  const all = [listStream(singles, cursor), ...streams];
  const heads = all.map((next) => next());
  const sign = cursor.direction === 'forward' ? 1 : -1;
  const taken: EventItem[] = [];
  while (taken.length < limit) {
    let best = -1;
    for (let index = 0; index < heads.length; index += 1) {
      const head = heads[index];
      const current = best >= 0 ? heads[best] : null;
      if (head && (!current || sign * compareItems(head, current) < 0)) best = index;
    }
    const chosen = best >= 0 ? heads[best] : null;
    if (!chosen) break;
    taken.push(chosen);
    heads[best] = (all[best] as Stream)();
  }
  return taken;
}
