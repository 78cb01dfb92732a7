import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { insertSingleEvents } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { calendars, eventStreams, userEventStatuses } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';

type User = Awaited<ReturnType<TestApp['register']>>;
/**
 * Who calls: no session; a stranger; the calendar's unconfirmed invitee (view only); its
 * member, assistant, manager, admin and owner; the event's author (an assistant, so owner of the
 * event without canEdit on the calendar); a guest invited to the event from outside.
 */
const roles = [
  'signedOut',
  'stranger',
  'invitee',
  'member',
  'assistant',
  'manager',
  'admin',
  'owner',
  'author',
  'guest',
] as const;
type Role = (typeof roles)[number];

/** A fresh private calendar with one event by the author, the guest's sent invitation and an unsent one. */
interface Fixture {
  calendarId: string;
  eventId: string;
  guestRsvpId: string;
  pendingRsvpId: string;
  guestCalendarId: string;
  /** A live stream of the event, broadcast by its author. */
  streamId: string;
  solve: () => Promise<string>;
}

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (fixture: Fixture) => string;
  /** `caller` is the role's user (none when signed out). */
  body?: (fixture: Fixture, caller: { userId: string } | undefined) => Promise<object> | object;
  expected: Record<Role, number>;
}

const as = (statuses: number[]): Record<Role, number> =>
  Object.fromEntries(roles.map((role, index) => [role, statuses[index] as number])) as Record<Role, number>;

/**
 * Every event and RSVP route × every role. A route added without a row fails the first test.
 * Keys are "METHOD url", with "#variant" for a second case of the same route.
 */
const matrix: Record<string, Case> = {
  'GET /api/events': {
    method: 'GET',
    url: () => '/api/events',
    expected: as([401, 200, 200, 200, 200, 200, 200, 200, 200, 200]),
  },
  'GET /api/calendars/:calendarId/events': {
    method: 'GET',
    url: (f) => `/api/calendars/${f.calendarId}/events`,
    expected: as([401, 404, 200, 200, 200, 200, 200, 200, 200, 404]),
  },
  'GET /api/events/:eventId': {
    method: 'GET',
    url: (f) => `/api/events/${f.eventId}`,
    expected: as([401, 404, 200, 200, 200, 200, 200, 200, 200, 200]),
  },
  'POST /api/event': {
    method: 'POST',
    url: () => '/api/event',
    body: (f) => ({
      calendarId: f.calendarId,
      name: 'Matrix event',
      startDate: '2030-01-01T10:00:00.000Z',
      endDate: '2030-01-01T11:00:00.000Z',
      startTimezone: 'UTC',
      endTimezone: 'UTC',
    }),
    expected: as([401, 404, 403, 403, 200, 200, 200, 200, 200, 404]),
  },
  'PUT /api/event': {
    method: 'PUT',
    url: () => '/api/event',
    body: (f) => ({ eventId: f.eventId, calendarId: f.calendarId, name: 'Renamed' }),
    expected: as([401, 404, 403, 403, 403, 200, 200, 200, 200, 403]),
  },
  'DELETE /api/event': {
    method: 'DELETE',
    url: () => '/api/event',
    body: (f) => ({ calendarId: f.calendarId, eventId: f.eventId }),
    expected: as([401, 404, 403, 403, 403, 204, 204, 204, 204, 403]),
  },
  'DELETE /api/event#remove from the guest’s own calendar': {
    method: 'DELETE',
    url: () => '/api/event',
    body: (f) => ({ calendarId: f.guestCalendarId, eventId: f.eventId }),
    expected: as([401, 404, 400, 400, 400, 400, 400, 400, 400, 204]),
  },
  'GET /api/events/:eventId/userEventStatus': {
    method: 'GET',
    url: (f) => `/api/events/${f.eventId}/userEventStatus`,
    expected: as([401, 404, 200, 200, 200, 200, 200, 200, 200, 200]),
  },
  'GET /api/events/:eventId/userEventStatuses': {
    method: 'GET',
    url: (f) => `/api/events/${f.eventId}/userEventStatuses`,
    expected: as([401, 404, 200, 200, 200, 200, 200, 200, 200, 200]),
  },
  'PUT /api/userEventStatuses/:rsvpId': {
    method: 'PUT',
    url: (f) => `/api/userEventStatuses/${f.guestRsvpId}`,
    body: () => ({ statuses: { rsvp: 'attending' } }),
    expected: as([401, 404, 403, 403, 403, 403, 403, 403, 403, 200]),
  },
  'POST /api/userEventStatuses': {
    method: 'POST',
    url: () => '/api/userEventStatuses',
    body: (f) => ({ email: `m.${newId()}@example.com`, groupId: f.calendarId, eventId: f.eventId }),
    expected: as([401, 404, 403, 403, 403, 403, 200, 200, 403, 403]),
  },
  'POST /api/share/event': {
    method: 'POST',
    url: () => '/api/share/event',
    body: async (f) => ({
      userEventStatusId: f.pendingRsvpId,
      groupId: f.calendarId,
      eventId: f.eventId,
      recaptchaCode: await f.solve(),
    }),
    expected: as([401, 404, 403, 403, 403, 403, 200, 200, 403, 403]),
  },
  'DELETE /api/share/event': {
    method: 'DELETE',
    url: () => '/api/share/event',
    body: (f) => ({ groupId: f.calendarId, eventId: f.eventId, rsvpId: f.pendingRsvpId }),
    expected: as([401, 404, 403, 403, 403, 403, 204, 204, 403, 403]),
  },
  'POST /api/events/:eventId/streams': {
    method: 'POST',
    url: (f) => `/api/events/${f.eventId}/streams`,
    body: (_f, caller) => ({
      uid: caller?.userId ?? 'nobody',
      streamId: randomUUID(),
      streamName: 'Matrix feed',
    }),
    expected: as([401, 404, 403, 403, 403, 201, 201, 201, 201, 403]),
  },
  'GET /api/events/:eventId/streams/auth': {
    method: 'GET',
    url: (f) => `/api/events/${f.eventId}/streams/auth`,
    expected: as([401, 404, 403, 403, 403, 200, 200, 200, 200, 403]),
  },
  'GET /api/events/:eventId/streams/:streamId': {
    method: 'GET',
    url: (f) => `/api/events/${f.eventId}/streams/${f.streamId}`,
    // Those who see the event but may not watch are told why (403), as by the token route.
    expected: as([401, 404, 403, 403, 403, 200, 200, 200, 200, 403]),
  },
  'DELETE /api/events/:eventId/streams/:streamId': {
    method: 'DELETE',
    url: (f) => `/api/events/${f.eventId}/streams/${f.streamId}`,
    expected: as([401, 404, 404, 404, 404, 204, 204, 204, 204, 404]),
  },
  'GET /api/rsvp': {
    method: 'GET',
    url: () => '/api/rsvp',
    expected: as([401, 200, 200, 200, 200, 200, 200, 200, 200, 200]),
  },
};

const eventArea =
  /^\/api\/(event|events|rsvp|userEventStatuses|share\/event)(\/|$)|^\/api\/calendars\/:calendarId\/events$/;

describe.each(testDatabases())('event authorisation matrix on %s', (kind) => {
  let app: TestApp;
  const people = {} as Record<Exclude<Role, 'signedOut'>, User>;
  let guestCalendarId: string;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { INVITATION_HOURLY_LIMIT: '1000' } });
    for (const role of roles)
      if (role !== 'signedOut') people[role] = await app.register({ name: `Matrix ${role}` });
    const [personal] = await app.database.db
      .select({ id: calendars.id })
      .from(calendars)
      .where(and(eq(calendars.ownerId, people.guest.userId), eq(calendars.isPersonal, true)));
    guestCalendarId = personal?.id as string;
  });
  afterAll(() => app.stop());

  async function fixture(): Promise<Fixture> {
    const { db } = app.database;
    const calendarId = await insertCalendar(db, people.owner, [
      { user: people.invitee, role: 'invitee' },
      { user: people.member, role: 'member' },
      { user: people.assistant, role: 'assistant' },
      { user: people.manager, role: 'manager' },
      { user: people.admin, role: 'admin' },
      { user: people.author, role: 'assistant' },
    ]);
    const start = new Date('2030-01-01T10:00:00.000Z');
    const [eventId] = await insertSingleEvents(db, calendarId, people.author.userId, [
      { name: 'Matrix', start },
    ]);
    const guestRsvpId = newId();
    const pendingRsvpId = newId();
    await db.insert(userEventStatuses).values([
      {
        id: guestRsvpId,
        eventId: eventId as string,
        userId: people.guest.userId,
        email: people.guest.email,
        name: 'Guest',
        groupId: calendarId,
        invitedById: people.owner.userId,
        sharedAt: new Date(),
        linkCalendarId: guestCalendarId,
        eventStart: start,
      },
      {
        id: pendingRsvpId,
        eventId: eventId as string,
        email: `pending.${pendingRsvpId}@example.com`,
        name: 'Pending',
        groupId: calendarId,
        invitedById: people.owner.userId,
        eventStart: start,
      },
    ]);
    const streamId = randomUUID();
    await db.insert(eventStreams).values({
      id: streamId,
      eventId: eventId as string,
      eventKey: eventId as string,
      userId: people.author.userId,
      name: 'Matrix feed',
    });
    return {
      calendarId,
      eventId: eventId as string,
      guestRsvpId,
      pendingRsvpId,
      guestCalendarId,
      streamId,
      solve: app.solveCaptcha,
    };
  }

  it('has a row for every event and RSVP route of the app', () => {
    const routes = app.routes
      .filter((route) => eventArea.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    const covered = new Set(Object.keys(matrix).map((key) => key.split('#')[0]));
    expect([...new Set(routes)].sort()).toEqual([...covered].sort());
  });

  for (const [route, entry] of Object.entries(matrix)) {
    it(`${route} answers each role as decided`, async () => {
      const seen: Partial<Record<Role, number>> = {};
      for (const role of roles) {
        const context = await fixture();
        const caller = role === 'signedOut' ? undefined : people[role];
        const body = entry.body ? await entry.body(context, caller) : undefined;
        const response = await app.fastify.inject({
          method: entry.method,
          url: entry.url(context),
          headers: role === 'signedOut' ? {} : { loginToken: people[role].loginToken },
          ...(body ? { payload: body } : {}),
        });
        seen[role] = response.statusCode;
      }
      expect(seen).toEqual(entry.expected);
    });
  }
});
