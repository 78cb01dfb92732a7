import { type CreateStreamBody, type Stream, type StreamsAuth, streamMessages } from '@convene/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { eventStreams, events } from '../../db/schema/index.ts';
import { ApiError, conflict, notFound, validation } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { getStreamsAccess } from './streams.access.ts';
import { streamsPolicy } from './streams.policy.ts';
import { presentOneStream, type StreamRow } from './streams.presenter.ts';
import { eventRoom, type StreamsGate } from './streams.provider.ts';

/** How long a streams token lets its holder join (the media plane asks the gate again on each connect). */
export const streamTokenTtlSeconds = 5 * 60;

/** The presented eventId a room belongs to, or null when the room is not one of this environment's. */
export function eventKeyOfRoom(appEnv: string, room: string): string | null {
  const prefix = eventRoom(appEnv, '');
  return room.startsWith(prefix) && room.length > prefix.length ? room.slice(prefix.length) : null;
}

async function findStream(db: Db, streamId: string): Promise<StreamRow | undefined> {
  // The column is a uuid: anything else names no stream (and must not reach PostgreSQL as one).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(streamId)) return undefined;
  const [row] = await db.select().from(eventStreams).where(eq(eventStreams.id, streamId.toLowerCase()));
  return row;
}

/**
 * POST /api/events/{eventId}/streams (PRODUCT.md §2.7, §2.9): starts a live stream. Needs edit
 * rights; refused at or over the event's maximum. The event row is locked for the count and the
 * insert, so parallel starts queue and never make one too many. A retried start (same streamId)
 * answers the stream it made.
 */
export async function createStream(
  ctx: AppContext,
  viewer: Viewer,
  eventId: string,
  body: CreateStreamBody,
): Promise<Stream> {
  if (body.uid !== viewer.account.id) throw validation('uid', 'uid must be the signed-in user');
  const access = await getStreamsAccess(ctx.db, eventId, viewer.account.id);
  streamsPolicy.authorize(access.standing, 'startStream');
  const streamId = body.streamId.toLowerCase();
  const row = await transact(ctx, async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, access.target.root.id)).for('update');
    const [existing] = await tx.select().from(eventStreams).where(eq(eventStreams.id, streamId));
    if (existing) {
      if (existing.eventKey !== access.eventKey || existing.userId !== viewer.account.id)
        throw conflict('This streamId is taken', 'streamId');
      return existing;
    }
    const [live] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(eventStreams)
      .where(and(eq(eventStreams.eventKey, access.eventKey), eq(eventStreams.status, 'live')));
    if (Number(live?.count ?? 0) >= access.max) throw conflict(streamMessages.maximumReached);
    const [created] = await tx
      .insert(eventStreams)
      .values({
        id: streamId,
        eventId: access.target.root.id,
        eventKey: access.eventKey,
        userId: viewer.account.id,
        name: body.streamName,
      })
      // The same streamId started on another event at this instant (that event's lock is not ours).
      .onConflictDoNothing({ target: eventStreams.id })
      .returning();
    if (!created) throw conflict('This streamId is taken', 'streamId');
    await ctx.record(tx, {
      type: 'stream.started',
      actorId: viewer.account.id,
      root: { id: access.target.root.id, calendarId: access.target.root.calendarId },
      eventKey: access.eventKey,
      streamId,
    });
    return created;
  });
  return presentOneStream(ctx.db, row);
}

/** GET /api/events/{eventId}/streams/{streamId}: a stream, live or ended, for whoever may watch or edit. */
export async function getStream(ctx: AppContext, viewer: Viewer, eventId: string, streamId: string) {
  const access = await getStreamsAccess(ctx.db, eventId, viewer.account.id);
  const row = await findStream(ctx.db, streamId);
  if (!row || row.eventKey !== access.eventKey) throw notFound('No such stream');
  // Whoever sees the event sees its streams listed (livestreams); watching one needs yes or maybe.
  streamsPolicy.authorize(access.standing, 'watchStreams');
  return presentOneStream(ctx.db, row);
}

/**
 * DELETE /api/events/{eventId}/streams/{streamId}: its broadcaster or an editor stops it. The
 * media plane is told after commit (the outbox), so its viewers and broadcaster are disconnected.
 * Stopping an ended stream changes nothing.
 */
export async function stopStream(ctx: AppContext, viewer: Viewer, eventId: string, streamId: string) {
  const access = await getStreamsAccess(ctx.db, eventId, viewer.account.id);
  const row = await findStream(ctx.db, streamId);
  const mayWatch = streamsPolicy.can(access.standing, 'watchStreams');
  if (!row || row.eventKey !== access.eventKey || (!mayWatch && row.userId !== viewer.account.id))
    throw notFound('No such stream');
  streamsPolicy.authorize({ ...access.standing, broadcasterId: row.userId }, 'stopStream');
  await endStreams(ctx, [row.id], viewer.account.id, 'stopped');
}

/**
 * Marks live streams ended and records each `stream.ended` (realtime `event` update, and, for a
 * stop, the media plane's disconnect). Streams already ended are left as they are.
 */
async function endStreams(
  ctx: AppContext,
  streamIds: string[],
  actorId: string | null,
  reason: 'stopped' | 'publisher-gone' | 'room-finished',
): Promise<void> {
  if (streamIds.length === 0) return;
  await transact(ctx, async (tx) => {
    for (const streamId of streamIds) {
      const [ended] = await tx
        .update(eventStreams)
        .set({ status: 'ended', endedAt: new Date(), endedReason: reason })
        .where(and(eq(eventStreams.id, streamId), eq(eventStreams.status, 'live')))
        .returning();
      if (!ended) continue;
      const [root] = await tx
        .select({ id: events.id, calendarId: events.calendarId })
        .from(events)
        .where(eq(events.id, ended.eventId));
      if (!root) continue;
      await ctx.record(tx, {
        type: 'stream.ended',
        actorId,
        root,
        eventKey: ended.eventKey,
        streamId: ended.id,
        reason,
      });
    }
  });
}

/** The media plane lost a stream's broadcaster for good (StreamsProvider.onPublisherGone). */
export async function endGoneStream(ctx: AppContext, room: string, streamId: string): Promise<void> {
  const eventKey = eventKeyOfRoom(ctx.config.appEnv, room);
  const row = await findStream(ctx.db, streamId);
  if (!eventKey || !row || row.eventKey !== eventKey) return;
  await endStreams(ctx, [row.id], null, 'publisher-gone');
}

/** A broadcaster left a room: each of their live streams in it has ended (LiveKit participant_left). */
export async function endBroadcasterStreams(ctx: AppContext, room: string, identity: string): Promise<void> {
  const eventKey = eventKeyOfRoom(ctx.config.appEnv, room);
  if (!eventKey) return;
  const rows = await ctx.db
    .select({ id: eventStreams.id })
    .from(eventStreams)
    .where(
      and(
        eq(eventStreams.eventKey, eventKey),
        eq(eventStreams.userId, identity),
        eq(eventStreams.status, 'live'),
      ),
    );
  await endStreams(
    ctx,
    rows.map((row) => row.id),
    null,
    'publisher-gone',
  );
}

/** A room closed on the media server: every live stream in it has ended (LiveKit room_finished). */
export async function endRoomStreams(ctx: AppContext, room: string): Promise<void> {
  const eventKey = eventKeyOfRoom(ctx.config.appEnv, room);
  if (!eventKey) return;
  const rows = await ctx.db
    .select({ id: eventStreams.id })
    .from(eventStreams)
    .where(and(eq(eventStreams.eventKey, eventKey), eq(eventStreams.status, 'live')));
  await endStreams(
    ctx,
    rows.map((row) => row.id),
    null,
    'room-finished',
  );
}

/**
 * GET /api/events/{eventId}/streams/auth (PRODUCT.md §2.7): a LiveKit-format token for the
 * event's room. Editors may publish and subscribe; guests who answered yes or maybe subscribe;
 * anyone else who sees the event is refused (403), strangers get 404.
 */
export async function authorizeStreams(
  ctx: AppContext,
  viewer: Viewer,
  eventId: string,
): Promise<StreamsAuth> {
  const access = await getStreamsAccess(ctx.db, eventId, viewer.account.id);
  streamsPolicy.authorize(access.standing, 'watchStreams');
  const canPublish = streamsPolicy.can(access.standing, 'startStream');
  const room = eventRoom(ctx.config.appEnv, access.eventKey);
  const provider = ctx.streams;
  // Loaded on first use: the SDK (with LiveKit's protobuf definitions) stays out of the start path.
  const { AccessToken } = await import('livekit-server-sdk');
  const token = new AccessToken(provider.apiKey, provider.apiSecret, {
    identity: viewer.account.id,
    name: viewer.account.name,
    ttl: streamTokenTtlSeconds,
  });
  token.addGrant({ roomJoin: true, room, canPublish, canSubscribe: true, canPublishData: false });
  return {
    provider: provider.kind,
    url: provider.url,
    room,
    token: await token.toJwt(),
    canPublish,
    canSubscribe: true,
    iceServers: ctx.config.streams.iceServers,
  };
}

/**
 * What the media plane asks before it connects anyone (StreamsGate): the stream is live and in
 * the room's event, and the person may publish it (its broadcaster, still an editor) or watch it
 * (an editor, or an RSVP of yes or maybe now: a token outlives an RSVP change).
 */
export function createStreamsGate(ctx: Pick<AppContext, 'db' | 'config'>): StreamsGate {
  const check = async (room: string, streamId: string, identity: string, publish: boolean) => {
    const eventKey = eventKeyOfRoom(ctx.config.appEnv, room);
    const row = await findStream(ctx.db, streamId);
    if (!eventKey || !row || row.eventKey !== eventKey) return 'ended' as const;
    let access: Awaited<ReturnType<typeof getStreamsAccess>>;
    try {
      access = await getStreamsAccess(ctx.db, eventKey, identity);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 404) return 'forbidden' as const;
      throw error;
    }
    const allowed = publish
      ? row.userId === identity && streamsPolicy.can(access.standing, 'startStream')
      : streamsPolicy.can(access.standing, 'watchStreams');
    if (!allowed) return 'forbidden' as const;
    return row.status === 'live' ? ('ok' as const) : ('ended' as const);
  };
  return {
    mayPublish: (room, streamId, identity) => check(room, streamId, identity, true),
    mayWatch: (room, streamId, identity) => check(room, streamId, identity, false),
  };
}
