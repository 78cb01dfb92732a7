import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { recordingProvider } from '../../../test/streamsFixtures.ts';
import { calendarMembers, eventStreams } from '../../db/schema/index.ts';
import { eventRoom } from './streams.provider.ts';
import { createStreamsGate } from './streams.service.ts';

type User = { userId: string; email: string; name: string; loginToken: string };

/** Someone who loses edit rights in a calendar loses the live streams they broadcast in its events. */
describe.each(testDatabases())('live streams follow calendar rights on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  const media = recordingProvider();
  const call = testCaller(() => app);

  beforeAll(async () => {
    app = await createTestApp(kind, { build: { streams: media.provider } });
    owner = await insertSignedInUser(app.database.db, 'Olga Owner');
  });
  afterAll(() => app.stop());

  /** A private calendar with a manager, and an event in it made by `author` (the owner by default). */
  async function setUp(author?: 'manager') {
    const manager = await insertSignedInUser(app.database.db, 'Matei Manager');
    const calendarId = await insertCalendar(app.database.db, owner, [{ user: manager, role: 'manager' }]);
    const created = await call('POST', '/api/event', author === 'manager' ? manager : owner, {
      calendarId,
      name: 'Concert',
      startDate: '2030-06-01T16:00:00.000Z',
      endDate: '2030-06-01T18:00:00.000Z',
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
    });
    expect(created.statusCode).toBe(200);
    const eventId = created.json().eventId as string;
    const [row] = await app.database.db
      .select({ id: calendarMembers.id })
      .from(calendarMembers)
      .where(and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.userId, manager.userId)));
    const memberId = row?.id as string;
    const started = await call('POST', `/api/events/${eventId}/streams`, manager, {
      uid: manager.userId,
      streamId: randomUUID(),
      streamName: 'Main stage',
    });
    expect(started.statusCode).toBe(201);
    const streamId = started.json().streamId as string;
    media.calls.length = 0;
    return { manager, calendarId, eventId, memberId, streamId, room: eventRoom('prod', eventId) };
  }

  const streamRow = async (streamId: string) =>
    (await app.database.db.select().from(eventStreams).where(eq(eventStreams.id, streamId)))[0];

  it('a manager made a member has their broadcast ended and disconnected, and everyone is told', async () => {
    const { manager, calendarId, eventId, memberId, streamId, room } = await setUp();
    const before = (await listRealtimePayloads(app.database.db, owner.userId, 'event')).length;
    const changed = await call('PUT', `/api/members/${memberId}`, owner, { calendarId, role: 'member' });
    expect(changed.statusCode).toBe(200);
    expect(await streamRow(streamId)).toMatchObject({ status: 'ended', endedReason: 'stopped' });
    const told = await listRealtimePayloads(app.database.db, owner.userId, 'event');
    expect(told.slice(before)).toContainEqual({ eventId, lastActionType: 'update' });
    await app.ctx.outbox.drain();
    expect(media.calls).toContainEqual({ method: 'endStream', room, id: streamId });
    const gate = createStreamsGate(app.ctx);
    expect(await gate.mayPublish(room, streamId, manager.userId)).toBe('forbidden');
    const again = await call('POST', `/api/events/${eventId}/streams`, manager, {
      uid: manager.userId,
      streamId: randomUUID(),
      streamName: 'Main stage',
    });
    expect(again.statusCode).toBe(403);
  });

  it.each(['is removed', 'leaves'] as const)(
    'a manager who %s has their broadcast ended and is dropped from the event’s rooms',
    async (how) => {
      const { manager, calendarId, memberId, streamId, room } = await setUp();
      const by = how === 'is removed' ? owner : manager;
      expect((await call('DELETE', '/api/share/calendar', by, { calendarId, memberId })).statusCode).toBe(
        204,
      );
      expect(await streamRow(streamId)).toMatchObject({ status: 'ended', endedReason: 'stopped' });
      await app.ctx.outbox.drain();
      expect(media.calls).toContainEqual({ method: 'endStream', room, id: streamId });
      expect(media.calls).toContainEqual({ method: 'removeParticipant', room, id: manager.userId });
      expect(await createStreamsGate(app.ctx).mayWatch(room, streamId, manager.userId)).toBe('forbidden');
    },
  );

  it('a role that keeps edit rights changes nothing, nor does a demotion on an event they own', async () => {
    const kept = await setUp();
    const promoted = await call('PUT', `/api/members/${kept.memberId}`, owner, {
      calendarId: kept.calendarId,
      role: 'admin',
    });
    expect(promoted.statusCode).toBe(200);
    expect((await streamRow(kept.streamId))?.status).toBe('live');

    // The author of an event may edit it whatever their role: their stream on it goes on.
    const own = await setUp('manager');
    const demoted = await call('PUT', `/api/members/${own.memberId}`, owner, {
      calendarId: own.calendarId,
      role: 'member',
    });
    expect(demoted.statusCode).toBe(200);
    expect((await streamRow(own.streamId))?.status).toBe('live');
    await app.ctx.outbox.drain();
    expect(media.calls).toEqual([]);
  });
});
