import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppContext, SubscriberOf } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { eventStreams, events } from '../../db/schema/index.ts';
import { ApiError } from '../../platform/errors.ts';
import { addManyToOutbox } from '../../platform/outbox.ts';
import { getEventAccess } from '../events/events.access.ts';
import { announceEvent, listConcernedUserIds } from '../events/events.effects.ts';
import { getStreamsAccess, type StreamsAccess } from './streams.access.ts';
import { streamsPolicy, watchingRsvps } from './streams.policy.ts';
import { eventRoom } from './streams.provider.ts';

/**
 * Everyone who sees the event refreshes it: its livestreams (the agenda's Live badge, the streams
 * section) changed (PRODUCT.md §1.2 Live badge, §2.1 Live streams).
 */
export const announceStreamChanged: SubscriberOf<'stream.started' | 'stream.ended'> = async (tx, event) => {
  await announceEvent(tx, await listConcernedUserIds(tx, event.root), event.eventKey, 'update');
};

/** A stopped stream's broadcaster and viewers are disconnected by the media plane, after commit. */
export const disconnectStoppedStream: SubscriberOf<'stream.ended'> = async (tx, event, ctx) => {
  // Publisher gone or room finished: the media plane told us, there is nothing left to disconnect.
  if (event.reason !== 'stopped') return;
  await addManyToOutbox(tx, 'streams', [
    { action: 'endStream', room: eventRoom(ctx.config.appEnv, event.eventKey), streamId: event.streamId },
  ]);
};

/** Ends the live streams the condition selects and has the media plane disconnect them after commit. */
async function endStreamsWhere(tx: Db, appEnv: string, where: SQL | undefined): Promise<void> {
  const ended = await tx
    .update(eventStreams)
    .set({ status: 'ended', endedAt: new Date(), endedReason: 'event-deleted' })
    .where(and(where, eq(eventStreams.status, 'live')))
    .returning({ id: eventStreams.id, eventKey: eventStreams.eventKey });
  await addManyToOutbox(
    tx,
    'streams',
    ended.map((row) => ({
      action: 'endStream' as const,
      room: eventRoom(appEnv, row.eventKey),
      streamId: row.id,
    })),
  );
}

/** A deleted event's live streams end (its deletion is announced; no stream update follows it). */
export const endDeletedEventStreams: SubscriberOf<'event.deleted'> = (tx, event, ctx) =>
  endStreamsWhere(tx, ctx.config.appEnv, eq(eventStreams.eventId, event.root.id));

/** A cancelled occurrence's live streams end. */
export const endCancelledOccurrenceStreams: SubscriberOf<'occurrence.cancelled'> = (tx, event, ctx) =>
  endStreamsWhere(tx, ctx.config.appEnv, eq(eventStreams.eventKey, event.event.eventId));

/** The events of a deleted calendar end their live streams. */
export const endCalendarEventStreams: SubscriberOf<'calendar.eventsDeleted'> = async (tx, event, ctx) => {
  if (event.eventIds.length === 0) return;
  await endStreamsWhere(tx, ctx.config.appEnv, inArray(eventStreams.eventId, event.eventIds));
};

/**
 * Has the media plane drop `userId` from every room of the event (`rootId`) with live streams,
 * after commit, unless they may edit it (editors watch whatever they answer).
 */
async function dropViewer(tx: Db, appEnv: string, rootId: string, userId: string): Promise<void> {
  const live = await tx
    .selectDistinct({ eventKey: eventStreams.eventKey })
    .from(eventStreams)
    .where(and(eq(eventStreams.eventId, rootId), eq(eventStreams.status, 'live')));
  if (live.length === 0) return;
  const [root] = await tx.select().from(events).where(eq(events.id, rootId));
  if (!root) return;
  try {
    if ((await getEventAccess(tx, root, userId)).permissions.canEdit) return;
  } catch (error) {
    // They no longer see the event at all: certainly no editor.
    if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
  }
  await addManyToOutbox(
    tx,
    'streams',
    live.map((row) => ({
      action: 'removeParticipant' as const,
      room: eventRoom(appEnv, row.eventKey),
      identity: userId,
    })),
  );
}

/**
 * Someone whose RSVP moved away from yes or maybe may no longer watch (PRODUCT.md §2.1 Live
 * streams): they are dropped from the event's live streams.
 */
export const dropRsvpWithdrawnViewer: SubscriberOf<'rsvp.updated'> = async (tx, event, ctx) => {
  const rsvp = event.changes.rsvp;
  if (rsvp === undefined || watchingRsvps.has(rsvp)) return;
  await dropViewer(tx, ctx.config.appEnv, event.root.id, event.actorId);
};

/** A guest whose invitation to the event was withdrawn (or who left it) is dropped from its live streams. */
export const dropWithdrawnGuest: SubscriberOf<'invitation.withdrawn'> = async (tx, event, ctx) => {
  if (event.target.kind !== 'event') return;
  await dropViewer(tx, ctx.config.appEnv, event.target.root.id, event.userId);
};

/** The person's standing on an event's streams, or null when they no longer see the event. */
async function findStanding(tx: Db, eventKey: string, userId: string): Promise<StreamsAccess | null> {
  try {
    return await getStreamsAccess(tx, eventKey, userId);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * A person who lost rights in a calendar (`userId`, by `actorId`) loses what those rights gave in
 * the live streams of its events: each stream they broadcast where they may no longer publish
 * is stopped (recorded as `stream.ended`, so everyone refreshes and the media plane disconnects
 * it), and they are dropped from the rooms they may no longer watch.
 */
async function reviewCalendarStreams(
  tx: Db,
  ctx: AppContext,
  calendarId: string,
  userId: string,
  actorId: string,
): Promise<void> {
  const live = await tx
    .select({ stream: eventStreams })
    .from(eventStreams)
    .innerJoin(events, eq(events.id, eventStreams.eventId))
    .where(and(eq(events.calendarId, calendarId), eq(eventStreams.status, 'live')));
  const drops = [];
  for (const eventKey of new Set(live.map((row) => row.stream.eventKey))) {
    const access = await findStanding(tx, eventKey, userId);
    const mayPublish = access !== null && streamsPolicy.can(access.standing, 'startStream');
    for (const { stream } of live) {
      if (stream.eventKey !== eventKey || stream.userId !== userId || mayPublish) continue;
      await tx
        .update(eventStreams)
        .set({ status: 'ended', endedAt: new Date(), endedReason: 'stopped' })
        .where(eq(eventStreams.id, stream.id));
      await ctx.record(tx, {
        type: 'stream.ended',
        actorId,
        root: { id: stream.eventId, calendarId },
        eventKey,
        streamId: stream.id,
        reason: 'stopped',
      });
    }
    if (access === null || !streamsPolicy.can(access.standing, 'watchStreams')) {
      drops.push({
        action: 'removeParticipant' as const,
        room: eventRoom(ctx.config.appEnv, eventKey),
        identity: userId,
      });
    }
  }
  await addManyToOutbox(tx, 'streams', drops);
}

/** A member whose role changed keeps only the streams their new role allows. */
export const endDemotedMemberStreams: SubscriberOf<'calendar.memberRoleChanged'> = async (tx, event, ctx) => {
  if (!event.userId || !event.isConfirmed) return;
  await reviewCalendarStreams(tx, ctx, event.calendarId, event.userId, event.actorId);
};

/** A member removed from a calendar (or who left it) loses the streams of its events. */
export const endRemovedMemberStreams: SubscriberOf<'invitation.withdrawn'> = async (tx, event, ctx) => {
  if (event.target.kind !== 'calendar' || !event.target.wasConfirmed) return;
  await reviewCalendarStreams(tx, ctx, event.target.calendarId, event.userId, event.actorId);
};
