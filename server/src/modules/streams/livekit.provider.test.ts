import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { AccessToken, TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { eventStreams, userEventStatuses } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { eventRoom } from './streams.provider.ts';
import { webhookBodyLimit } from './streams.routes.ts';

type User = { userId: string; email: string; name: string; loginToken: string };

const apiKey = 'APIcontracttest';
const apiSecret = 'contract-test-secret-with-more-than-32-characters';

/**
 * A stand-in for LiveKit's room API (Twirp over HTTP, JSON): records each call's path, body and
 * Authorization, answers ListParticipants from `participants`, and 404 for an unknown room.
 */
function startRoomApiStub() {
  const requests: Array<{ path: string; body: Record<string, unknown>; authorization: string | undefined }> =
    [];
  const state = { participants: [] as unknown[], missingRooms: new Set<string>() };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: request.url ?? '', body, authorization: request.headers.authorization });
      response.setHeader('content-type', 'application/json');
      if (state.missingRooms.has(String(body.room))) {
        response.statusCode = 404;
        response.end(JSON.stringify({ code: 'not_found', msg: 'room not found' }));
        return;
      }
      if (request.url === '/twirp/livekit.RoomService/ListParticipants') {
        response.end(JSON.stringify({ participants: state.participants }));
        return;
      }
      response.end('{}');
    });
  });
  return { server, requests, state };
}

/** A webhook call as LiveKit signs it: a JWT of our key pair whose sha256 claim is the body's. */
async function signedWebhook(event: Record<string, unknown>, secret = apiSecret) {
  const body = JSON.stringify({
    id: `EV_${newId()}`,
    createdAt: String(Math.floor(Date.now() / 1000)),
    ...event,
  });
  const token = new AccessToken(apiKey, secret);
  token.sha256 = createHash('sha256').update(body).digest('base64');
  return { body, authorization: await token.toJwt() };
}

describe.each(testDatabases())('LiveKit provider contract on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  let guest: User & { rsvpId: string };
  let calendarId: string;
  const stub = startRoomApiStub();
  const call = testCaller(() => app);

  beforeAll(async () => {
    await new Promise<void>((resolve) => stub.server.listen(0, '127.0.0.1', resolve));
    const { port } = stub.server.address() as AddressInfo;
    app = await createTestApp(kind, {
      env: {
        STREAMS_PROVIDER: 'livekit',
        LIVEKIT_URL: `http://127.0.0.1:${port}`,
        LIVEKIT_API_KEY: apiKey,
        LIVEKIT_API_SECRET: apiSecret,
      },
    });
    owner = await insertSignedInUser(app.database.db, 'Lia Owner');
    guest = { ...(await insertSignedInUser(app.database.db, 'Gabi Guest')), rsvpId: newId() };
    calendarId = await insertCalendar(app.database.db, owner);
  });
  afterAll(async () => {
    await app.stop();
    await new Promise((resolve) => stub.server.close(resolve));
  });
  beforeEach(() => {
    stub.requests.length = 0;
    stub.state.participants = [];
    stub.state.missingRooms.clear();
  });

  async function liveEvent(): Promise<{ eventId: string; room: string; streamId: string }> {
    const eventId: string = (
      await call('POST', '/api/event', owner, {
        calendarId,
        name: 'Broadcast',
        startDate: '2030-06-01T16:00:00.000Z',
        endDate: '2030-06-01T18:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
      })
    ).json().eventId;
    guest.rsvpId = newId();
    await app.database.db.insert(userEventStatuses).values({
      id: guest.rsvpId,
      eventId,
      userId: guest.userId,
      email: guest.email,
      name: guest.name,
      rsvp: 'attending',
      invitedById: owner.userId,
      sharedAt: new Date(),
      eventStart: new Date('2030-06-01T16:00:00.000Z'),
    });
    const streamId = randomUUID();
    const started = await call('POST', `/api/events/${eventId}/streams`, owner, {
      uid: owner.userId,
      streamId,
      streamName: 'Front row',
    });
    expect(started.statusCode).toBe(201);
    return { eventId, room: eventRoom('prod', eventId), streamId };
  }

  const statusOf = async (streamId: string) =>
    (await app.database.db.select().from(eventStreams).where(eq(eventStreams.id, streamId)))[0];

  const postWebhook = (body: string, authorization?: string) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/streams/livekit/webhook',
      headers: { 'content-type': 'application/webhook+json', ...(authorization ? { authorization } : {}) },
      payload: body,
    });

  it('answers the LiveKit url and a token signed with the LiveKit key pair', async () => {
    const { eventId, room } = await liveEvent();
    const answer = (await call('GET', `/api/events/${eventId}/streams/auth`, guest)).json();
    expect(answer).toMatchObject({
      provider: 'livekit',
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/),
      room,
    });
    const claims = await new TokenVerifier(apiKey, apiSecret).verify(answer.token);
    expect(claims.video).toMatchObject({ room, canPublish: false, canSubscribe: true });
  });

  it('ends a stream whose track LiveKit reports unpublished, and tells everyone who sees the event', async () => {
    const { eventId, room, streamId } = await liveEvent();
    const { body, authorization } = await signedWebhook({
      event: 'track_unpublished',
      room: { name: room },
      participant: { identity: owner.userId },
      track: { sid: 'TR_1', name: streamId },
    });
    const response = await postWebhook(body, authorization);
    expect(response.statusCode).toBe(204);
    expect(await statusOf(streamId)).toMatchObject({ status: 'ended', endedReason: 'publisher-gone' });
    expect((await listRealtimePayloads(app.database.db, guest.userId, 'event')).at(-1)).toEqual({
      eventId,
      lastActionType: 'update',
    });
    // Gone already: nothing is asked of the room API.
    await app.ctx.outbox.drain();
    expect(stub.requests).toEqual([]);
  });

  it('ends a broadcaster’s streams when they leave, and every stream of a finished room', async () => {
    const left = await liveEvent();
    const unrelated = await signedWebhook({
      event: 'participant_left',
      room: { name: left.room },
      participant: { identity: guest.userId },
    });
    expect((await postWebhook(unrelated.body, unrelated.authorization)).statusCode).toBe(204);
    expect((await statusOf(left.streamId))?.status).toBe('live');
    const gone = await signedWebhook({
      event: 'participant_left',
      room: { name: left.room },
      participant: { identity: owner.userId },
    });
    expect((await postWebhook(gone.body, gone.authorization)).statusCode).toBe(204);
    expect(await statusOf(left.streamId)).toMatchObject({ status: 'ended', endedReason: 'publisher-gone' });

    const finished = await liveEvent();
    const started = await signedWebhook({ event: 'room_started', room: { name: finished.room } });
    expect((await postWebhook(started.body, started.authorization)).statusCode).toBe(204);
    expect((await statusOf(finished.streamId))?.status).toBe('live');
    const closed = await signedWebhook({ event: 'room_finished', room: { name: finished.room } });
    expect((await postWebhook(closed.body, closed.authorization)).statusCode).toBe(204);
    expect(await statusOf(finished.streamId)).toMatchObject({
      status: 'ended',
      endedReason: 'room-finished',
    });
  });

  it('refuses a webhook that is unsigned, signed with another secret, or not the body it signed (401), and an oversize one (413)', async () => {
    const { room, streamId } = await liveEvent();
    const event = { event: 'room_finished', room: { name: room } };
    const forged = await signedWebhook(event, 'another-secret-that-is-long-enough-to-sign');
    const genuine = await signedWebhook(event);
    for (const [body, authorization] of [
      [genuine.body, undefined],
      [forged.body, forged.authorization],
      [genuine.body.replace('room_finished', 'room_started'), genuine.authorization],
    ] as const) {
      const response = await postWebhook(body, authorization);
      expect(response.statusCode).toBe(401);
    }
    const huge = await signedWebhook({ ...event, padding: 'x'.repeat(webhookBodyLimit) });
    expect((await postWebhook(huge.body, huge.authorization)).statusCode).toBe(413);
    expect((await statusOf(streamId))?.status).toBe('live');
  });

  it('stops a stream by removing its broadcaster through the room API (Twirp JSON)', async () => {
    const { eventId, room, streamId } = await liveEvent();
    stub.state.participants = [
      { sid: 'PA_viewer', identity: guest.userId, tracks: [] },
      { sid: 'PA_owner', identity: owner.userId, tracks: [{ sid: 'TR_1', name: streamId, type: 'VIDEO' }] },
    ];
    expect((await call('DELETE', `/api/events/${eventId}/streams/${streamId}`, owner)).statusCode).toBe(204);
    expect(stub.requests).toEqual([]);
    await app.ctx.outbox.drain();
    expect(stub.requests.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/twirp/livekit.RoomService/ListParticipants', body: { room } },
      { path: '/twirp/livekit.RoomService/RemoveParticipant', body: { room, identity: owner.userId } },
    ]);
    const claims = await new TokenVerifier(apiKey, apiSecret).verify(
      (stub.requests[0]?.authorization ?? '').replace(/^Bearer /, ''),
    );
    expect(claims.video).toMatchObject({ roomAdmin: true, room });
  });

  it('removes a guest whose RSVP moves to no, and takes a room LiveKit no longer has as done', async () => {
    const { room } = await liveEvent();
    const answered = await call('PUT', `/api/userEventStatuses/${guest.rsvpId}`, guest, {
      statuses: { rsvp: 'notAttending' },
    });
    expect(answered.statusCode).toBe(200);
    await app.ctx.outbox.drain();
    expect(stub.requests.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/twirp/livekit.RoomService/RemoveParticipant', body: { room, identity: guest.userId } },
    ]);

    stub.state.missingRooms.add(room);
    await expect(app.ctx.streams.removeParticipant(room, guest.userId)).resolves.toBeUndefined();
    await expect(app.ctx.streams.endStream(room, randomUUID())).resolves.toBeUndefined();
  });
});
