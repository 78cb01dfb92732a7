import type { Stream } from '@convene/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { rawRowReader } from '../../db/rawRows.ts';
import { accounts, eventStreams } from '../../db/schema/index.ts';

export type StreamRow = typeof eventStreams.$inferSelect;

/** The broadcaster as a stream shows them (name and photo, as the profile gives imageLink). */
export interface Initiator {
  name: string;
  imageLink: string | null;
}

/** A stream as the API answers it (PRODUCT.md §2.3 Stream). */
export function presentStream(row: StreamRow, initiator: Initiator | undefined): Stream {
  return {
    streamId: row.id,
    eventId: row.eventKey,
    userId: row.userId,
    info: {
      streamName: row.name,
      initiator: { name: initiator?.name ?? '', imageLink: initiator?.imageLink ?? null },
    },
    status: row.status === 'live' ? 'live' : 'ended',
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** One stream with its broadcaster's name and photo. */
export async function presentOneStream(db: Db, row: StreamRow): Promise<Stream> {
  const [initiator] = await db
    .select({ name: accounts.name, imageLink: accounts.imageLink })
    .from(accounts)
    .where(eq(accounts.id, row.userId));
  return presentStream(row, initiator);
}

const streamRowOf = rawRowReader(eventStreams);

/**
 * The live streams of the given presented eventIds (one array parameter) with their
 * broadcasters, oldest first, as one JSON value: a subquery the caller puts in its own
 * statement (an agenda page's or an event's view context), so the streams cost no round trip of
 * their own. It reads the partial index of live streams by event_key (streams.explain.test.ts
 * plans it); read it back with streamsByEvent.
 */
export function liveStreamsJson(eventKeys: string[]): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_array(row_to_json(${eventStreams}), ${accounts.name}, ${accounts.imageLink})
      ORDER BY ${eventStreams.startedAt}, ${eventStreams.id}), '[]'::json)
    FROM ${eventStreams} JOIN ${accounts} ON ${accounts.id} = ${eventStreams.userId}
    WHERE ${eventStreams.eventKey} = ANY(${sql.param(eventKeys)}::text[]) AND ${eventStreams.status} = 'live')`;
}

/** One entry of liveStreamsJson's array: the stream's row, its broadcaster's name and photo. */
export type LiveStreamEntry = [Record<string, unknown>, string, string | null];

/** The live streams liveStreamsJson answered, by presented eventId. */
export function streamsByEvent(rows: LiveStreamEntry[]): Map<string, Stream[]> {
  const byEvent = new Map<string, Stream[]>();
  for (const [raw, name, imageLink] of rows) {
    const row = streamRowOf(raw);
    const list = byEvent.get(row.eventKey) ?? [];
    list.push(presentStream(row, { name, imageLink }));
    byEvent.set(row.eventKey, list);
  }
  return byEvent;
}
