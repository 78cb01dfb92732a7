import type { Stream } from '@convene/contract';
import { and, asc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { preparedPerDb } from '../../db/prepared.ts';
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

/**
 * The live streams of a page of events, by presented eventId, oldest first: one query for the
 * whole page (the partial index on live streams by event_key), joined to the broadcasters.
 */
export async function loadLiveStreams(db: Db, eventKeys: string[]): Promise<Map<string, Stream[]>> {
  const keys = [...new Set(eventKeys)];
  const byEvent = new Map<string, Stream[]>();
  if (keys.length === 0) return byEvent;
  const rows = await liveStreamsPrepared(db).execute({ keys });
  for (const row of rows) {
    const list = byEvent.get(row.stream.eventKey) ?? [];
    list.push(presentStream(row.stream, row));
    byEvent.set(row.stream.eventKey, list);
  }
  return byEvent;
}

/**
 * The live streams of the given presented eventIds (an array parameter, or a placeholder for
 * one) with their broadcasters (streams.explain.test.ts plans it).
 */
export function liveStreamsQuery(db: Db, eventKeys: SQL | Placeholder) {
  return db
    .select({ stream: eventStreams, name: accounts.name, imageLink: accounts.imageLink })
    .from(eventStreams)
    .innerJoin(accounts, eq(accounts.id, eventStreams.userId))
    .where(and(sql`${eventStreams.eventKey} = ANY(${eventKeys}::text[])`, eq(eventStreams.status, 'live')))
    .orderBy(asc(eventStreams.startedAt), asc(eventStreams.id));
}

/** liveStreamsQuery built once, its keys a parameter (every agenda page and event runs it). */
const liveStreamsPrepared = preparedPerDb((db) =>
  liveStreamsQuery(db, sql.placeholder('keys')).prepare('live_streams'),
);
