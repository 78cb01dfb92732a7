import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { rawRowReader } from '../../db/rawRows.ts';
import { events } from '../../db/schema/index.ts';
import type { EventRow } from './events.access.ts';

/** A running series as an agenda page's statement names it: its id and its row's version. */
export interface SeriesRef {
  id: string;
  /** PostgreSQL's xmin of the row: a new value with every write to it, whoever makes it. */
  version: string;
}

/** Series rows kept per process; past this many the store starts over. */
const maxRows = 20_000;

/**
 * Series rows by id, with the version each was read at, per database. Every agenda page expands
 * the series running in its calendars (a community's weekly classes, on every page of every
 * member's agenda), and these rows seldom change: a page's statement names each series with
 * its version, and only the rows this process has not seen at that version are read again.
 * The version is the row's xmin, which every UPDATE changes, so no write path needs to tell
 * this store anything, and processes sharing a database cannot serve each other stale rows.
 */
const stores = new WeakMap<Db, Map<string, { version: string; row: EventRow }>>();

const eventRowOf = rawRowReader(events);

/**
 * The rows of `refs`, in their order: kept ones whose version still matches, the others read
 * in one statement. A series changed since the page's statement is answered as it is now; one
 * deleted (or purged) since then is left out unless `showDeleted`.
 */
export async function seriesRows(db: Db, refs: SeriesRef[], showDeleted: boolean): Promise<EventRow[]> {
  let store = stores.get(db);
  if (!store) {
    store = new Map();
    stores.set(db, store);
  }
  const missing = refs.filter((ref) => store.get(ref.id)?.version !== ref.version).map((ref) => ref.id);
  if (missing.length > 0) {
    const result = (await db.execute(
      sql`SELECT e.xmin::text AS row_version, e.* FROM ${events} e WHERE e.id = ANY(${sql.param(missing)}::text[])`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    if (store.size + result.rows.length > maxRows) store.clear();
    for (const raw of result.rows) {
      const row = eventRowOf(raw);
      store.set(row.id, { version: String(raw.row_version), row });
    }
  }
  const rows: EventRow[] = [];
  for (const ref of refs) {
    const row = store.get(ref.id)?.row;
    if (row && (showDeleted || !row.deletedAt)) rows.push(row);
  }
  return rows;
}
