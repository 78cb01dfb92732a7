import { randomUUID } from 'node:crypto';
import { streamMessages } from '@convene/contract';
import { and, eq } from 'drizzle-orm';
import { TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { recordingProvider } from '../../../test/streamsFixtures.ts';
import { eventStreams, userEventStatuses } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { eventRoom } from './streams.provider.ts';
import { createStreamsGate, streamTokenTtlSeconds } from './streams.service.ts';

type User = { userId: string; email: string; name: string; loginToken: string };
describe.each(testDatabases())('live stream records on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  let manager: User;
  let member: User;
  let stranger: User;
  const guests = {} as Record<'yes' | 'maybe' | 'no' | 'pending', User & { rsvpId: string }>;
  let calendarId: string;
  const media = recordingProvider();
  const call = testCaller(() => app);

  /** A new event in the shared calendar, with the four guests' RSVPs; answers its id. */
  async function newEvent(max?: number): Promise<string> {
    const response = await call('POST', '/api/event', owner, {
      calendarId,
      name: 'Concert',
      startDate: '2030-06-01T16:00:00.000Z',
      endDate: '2030-06-01T18:00:00.000Z',
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
      ...(max === undefined ? {} : { livestreams: { max } }),
    });
    expect(response.statusCode).toBe(200);
    const eventId: string = response.json().eventId;
    const answers = { yes: 'attending', maybe: 'none', no: 'notAttending', pending: 'pending' } as const;
    for (const [key, rsvp] of Object.entries(answers) as Array<[keyof typeof answers, string]>) {
      const guest = guests[key];
      guest.rsvpId = newId();
      await app.database.db.insert(userEventStatuses).values({
        id: guest.rsvpId,
        eventId,
        userId: guest.userId,
        email: guest.email,
        name: guest.name,
        rsvp,
        groupId: calendarId,
        invitedById: owner.userId,
        sharedAt: new Date(),
        eventStart: new Date('2030-06-01T16:00:00.000Z'),
      });
    }
    return eventId;
  }

  const start = (eventId: string, who: User, body: Record<string, unknown> = {}) =>
    call('POST', `/api/events/${eventId}/streams`, who, {
      uid: who.userId,
      streamId: randomUUID(),
      streamName: 'Main stage',
      ...body,
    });

  const liveRows = (eventId: string) =>
    app.database.db
      .select()
      .from(eventStreams)
      .where(and(eq(eventStreams.eventId, eventId), eq(eventStreams.status, 'live')));

  beforeAll(async () => {
    app = await createTestApp(kind, { build: { streams: media.provider } });
    const db = app.database.db;
    owner = await insertSignedInUser(db, 'Olga Owner');
    manager = await insertSignedInUser(db, 'Matei Manager');
    member = await insertSignedInUser(db, 'Mara Member');
    stranger = await insertSignedInUser(db, 'Stan Stranger');
    for (const key of ['yes', 'maybe', 'no', 'pending'] as const) {
      guests[key] = { ...(await insertSignedInUser(db, `Guest ${key}`)), rsvpId: '' };
    }
    calendarId = await insertCalendar(db, owner, [
      { user: manager, role: 'manager' },
      { user: member, role: 'member' },
    ]);
  });
  afterAll(() => app.stop());

  it('refuses a missing or short feed name and a uid that is not the caller, naming the field', async () => {
    const eventId = await newEvent();
    const cases = [
      { body: { streamName: undefined }, field: 'streamName', message: streamMessages.nameRequired },
      { body: { streamName: '   ' }, field: 'streamName', message: streamMessages.nameRequired },
      { body: { streamName: 'a1 b' }, field: 'streamName', message: streamMessages.nameTooShort },
      { body: { uid: manager.userId }, field: 'uid' },
      { body: { streamId: 'not-a-uuid' }, field: 'streamId' },
    ];
    for (const { body, field, message } of cases) {
      const response = await start(eventId, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', field, ...(message ? { message } : {}) });
    }
    expect(await liveRows(eventId)).toHaveLength(0);
  });

  it('lets only editors start: a viewer gets 403, a stranger 404 as for the event itself', async () => {
    const eventId = await newEvent();
    for (const who of [member, guests.yes, guests.maybe]) {
      const response = await start(eventId, who);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    expect((await call('GET', `/api/events/${eventId}`, stranger)).statusCode).toBe(404);
    expect((await start(eventId, stranger)).statusCode).toBe(404);
    expect((await start('no-such-event', owner)).statusCode).toBe(404);
    expect(await liveRows(eventId)).toHaveLength(0);
    const byManager = await start(eventId, manager);
    expect(byManager.statusCode).toBe(201);
    expect(byManager.json()).toMatchObject({
      eventId,
      userId: manager.userId,
      status: 'live',
      endedAt: null,
      info: { streamName: 'Main stage', initiator: { name: 'Matei Manager', imageLink: null } },
    });
  });

  it('makes exactly the maximum of streams out of 50 parallel starts', async () => {
    const eventId = await newEvent(4);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_value, index) => start(eventId, index % 2 ? owner : manager)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 409)).toHaveLength(46);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json()).toMatchObject({ code: 'CONFLICT', message: streamMessages.maximumReached });
    expect(await liveRows(eventId)).toHaveLength(4);

    const event = (await call('GET', `/api/events/${eventId}`, guests.yes)).json();
    expect(event.livestreams.count).toBe(4);
    expect(event.livestreams.max).toBe(4);
    expect(event.livestreams.streams.map((item: { streamId: string }) => item.streamId).sort()).toEqual(
      responses
        .filter((response) => response.statusCode === 201)
        .map((response) => response.json().streamId)
        .sort(),
    );
    const agenda = await call(
      'GET',
      `/api/calendars/${calendarId}/events?timeMin=2030-06-01T00:00:00.000Z&timeMax=2030-06-02T00:00:00.000Z`,
      owner,
    );
    const row = agenda.json().items.find((item: { eventId: string }) => item.eventId === eventId);
    expect(row.livestreams.count).toBe(4);
    expect(row.livestreams.streams[0].info.initiator.name).toMatch(/Olga Owner|Matei Manager/);
  });

  it('answers a retried start with the same stream, and refuses a streamId taken by someone else', async () => {
    const eventId = await newEvent(1);
    const streamId = randomUUID();
    const first = await start(eventId, owner, { streamId });
    const again = await start(eventId, owner, { streamId });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await liveRows(eventId)).toHaveLength(1);
    const taken = await start(eventId, manager, { streamId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('streamId');
  });

  it('stops a stream (broadcaster or editor), tells everyone who sees the event, and disconnects it after commit', async () => {
    const eventId = await newEvent();
    const streamId = (await start(eventId, manager)).json().streamId;
    expect(await listRealtimePayloads(app.database.db, guests.yes.userId, 'event')).toContainEqual({
      eventId,
      lastActionType: 'update',
    });
    const url = `/api/events/${eventId}/streams/${streamId}`;
    expect((await call('DELETE', url, guests.yes)).statusCode).toBe(403);
    expect((await call('DELETE', url, stranger)).statusCode).toBe(404);
    expect((await call('DELETE', url, guests.no)).statusCode).toBe(404);
    const before = (await listRealtimePayloads(app.database.db, member.userId, 'event')).length;
    expect((await call('DELETE', url, owner)).statusCode).toBe(204);
    expect((await call('DELETE', url, owner)).statusCode).toBe(204);
    const after = await listRealtimePayloads(app.database.db, member.userId, 'event');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toEqual({ eventId, lastActionType: 'update' });

    const ended = await call('GET', url, guests.maybe);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ streamId, status: 'ended' });
    expect(ended.json().endedAt).not.toBeNull();
    expect((await call('GET', `/api/events/${eventId}`, owner)).json().livestreams.count).toBe(0);

    await app.ctx.outbox.drain();
    expect(media.calls).toContainEqual({
      method: 'endStream',
      room: eventRoom('prod', eventId),
      id: streamId,
    });
  });

  it('shows a stream to editors, to guests who answered yes or maybe and to calendar members (in the loop); says why to others who see the event; 404 to strangers', async () => {
    const eventId = await newEvent();
    const streamId = (await start(eventId, owner)).json().streamId;
    const url = `/api/events/${eventId}/streams/${streamId}`;
    // A calendar member is in the loop of its events from the start, which may watch.
    for (const who of [owner, manager, guests.yes, guests.maybe, member]) {
      expect((await call('GET', url, who)).statusCode).toBe(200);
    }
    for (const who of [guests.no, guests.pending]) {
      const refused = await call('GET', url, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(streamMessages.rsvpRequired);
    }
    expect((await call('GET', url, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/streams/${randomUUID()}`, owner)).statusCode).toBe(404);
    expect((await call('GET', `/api/events/${eventId}/streams/nonsense`, owner)).statusCode).toBe(404);
  });

  it('issues LiveKit-format tokens: publish for editors, watch for yes and maybe, 403 for the rest, 404 for strangers', async () => {
    const eventId = await newEvent();
    const verifier = new TokenVerifier(media.provider.apiKey, media.provider.apiSecret);
    const room = eventRoom('prod', eventId);
    const expectations = [
      { who: owner, canPublish: true },
      { who: manager, canPublish: true },
      { who: guests.yes, canPublish: false },
      { who: guests.maybe, canPublish: false },
      // In the loop from the start, as every member of the event's calendar.
      { who: member, canPublish: false },
    ];
    for (const { who, canPublish } of expectations) {
      const response = await call('GET', `/api/events/${eventId}/streams/auth`, who);
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(answer).toMatchObject({
        provider: 'livekit',
        url: 'wss://media.example.test',
        room,
        canPublish,
        canSubscribe: true,
        iceServers: [],
      });
      const claims = await verifier.verify(answer.token);
      expect(claims.sub).toBe(who.userId);
      expect(claims.name).toBe(who.name);
      expect(claims.video).toMatchObject({ roomJoin: true, room, canPublish, canSubscribe: true });
      const { exp, nbf } = claims as { exp?: number; nbf?: number };
      expect((exp ?? 0) - (nbf ?? 0)).toBe(streamTokenTtlSeconds);
    }
    for (const who of [guests.no, guests.pending]) {
      const response = await call('GET', `/api/events/${eventId}/streams/auth`, who);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(streamMessages.rsvpRequired);
    }
    expect((await call('GET', `/api/events/${eventId}/streams/auth`, stranger)).statusCode).toBe(404);
  });

  it('drops a guest whose RSVP moves to no from the event’s live streams, after commit', async () => {
    const quiet = await newEvent();
    await call('PUT', `/api/userEventStatuses/${guests.maybe.rsvpId}`, guests.maybe, {
      statuses: { rsvp: 'notAttending' },
    });
    const eventId = await newEvent();
    await start(eventId, owner);
    media.calls.length = 0;
    const answered = await call('PUT', `/api/userEventStatuses/${guests.yes.rsvpId}`, guests.yes, {
      statuses: { rsvp: 'notAttending' },
    });
    expect(answered.statusCode).toBe(200);
    await app.ctx.outbox.drain();
    expect(media.calls).toEqual([
      { method: 'removeParticipant', room: eventRoom('prod', eventId), id: guests.yes.userId },
    ]);
    expect(media.calls.some((item) => item.room === eventRoom('prod', quiet))).toBe(false);
    expect((await call('GET', `/api/events/${eventId}/streams/auth`, guests.yes)).statusCode).toBe(403);
  });

  it('drops a guest whose invitation is withdrawn from the event’s live streams, after commit', async () => {
    const eventId = await newEvent();
    await start(eventId, manager);
    media.calls.length = 0;
    const withdrawn = await call('DELETE', '/api/share/event', owner, {
      groupId: calendarId,
      eventId,
      rsvpId: guests.maybe.rsvpId,
    });
    expect(withdrawn.statusCode).toBe(204);
    await app.ctx.outbox.drain();
    expect(media.calls).toEqual([
      { method: 'removeParticipant', room: eventRoom('prod', eventId), id: guests.maybe.userId },
    ]);
  });

  it('answers the media plane’s gate from the records, and ends a stream whose publisher is gone', async () => {
    const eventId = await newEvent();
    const room = eventRoom('prod', eventId);
    const streamId = (await start(eventId, manager)).json().streamId;
    const gate = createStreamsGate(app.ctx);
    expect(await gate.mayPublish(room, streamId, manager.userId)).toBe('ok');
    expect(await gate.mayPublish(room, streamId, owner.userId)).toBe('forbidden');
    expect(await gate.mayWatch(room, streamId, guests.yes.userId)).toBe('ok');
    expect(await gate.mayWatch(room, streamId, guests.maybe.userId)).toBe('ok');
    expect(await gate.mayWatch(room, streamId, guests.no.userId)).toBe('forbidden');
    expect(await gate.mayWatch(room, streamId, stranger.userId)).toBe('forbidden');
    expect(await gate.mayWatch(eventRoom('prod', 'other-event'), streamId, owner.userId)).toBe('ended');

    for (const listener of media.gone) listener(room, streamId);
    await expect.poll(async () => (await liveRows(eventId)).length).toBe(0);
    const [row] = await app.database.db.select().from(eventStreams).where(eq(eventStreams.id, streamId));
    expect(row?.endedReason).toBe('publisher-gone');
    expect(await gate.mayWatch(room, streamId, guests.yes.userId)).toBe('ended');
  });

  it('ends the live streams of a deleted event and has the media plane disconnect them', async () => {
    const eventId = await newEvent();
    const streamId = (await start(eventId, owner)).json().streamId;
    media.calls.length = 0;
    const deleted = await call('DELETE', '/api/event', owner, { eventId, calendarId });
    expect(deleted.statusCode).toBe(204);
    expect(await liveRows(eventId)).toHaveLength(0);
    await app.ctx.outbox.drain();
    expect(media.calls).toEqual([{ method: 'endStream', room: eventRoom('prod', eventId), id: streamId }]);
  });
});
