import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { calendarMembers, calendars } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;
const roles = [
  'signedOut',
  'stranger',
  'invitee',
  'member',
  'assistant',
  'manager',
  'admin',
  'owner',
] as const;
type Role = (typeof roles)[number];

/** What a case may use of the fresh calendar it runs against. */
interface CaseContext {
  calendarId: string;
  pendingMemberId: string;
  /** The memberId of the confirmed member whose role is 'member'. */
  memberMemberId: string;
  solve: () => Promise<string>;
}

/** A request against a fresh private calendar, made as one role. */
interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (calendarId: string, context: CaseContext) => string;
  body?: (context: CaseContext) => Promise<object> | object;
  /** Puts the fresh calendar in the state the route needs (e.g. a pending offer). */
  prepare?: (app: TestApp, context: CaseContext) => Promise<void>;
  expected: Record<Role, number>;
}

const as = (statuses: number[]): Record<Role, number> =>
  Object.fromEntries(roles.map((role, index) => [role, statuses[index] as number])) as Record<Role, number>;

/**
 * Every calendar and member route × every role. A route added to the app without a row here
 * fails the first test, so a new route cannot ship without deciding who may call it.
 */
const matrix: Record<string, Case> = {
  'GET /api/calendar/myCalendars': {
    method: 'GET',
    url: () => '/api/calendar/myCalendars',
    expected: as([401, 200, 200, 200, 200, 200, 200, 200]),
  },
  'GET /api/calendars/:calendarId': {
    method: 'GET',
    url: (id) => `/api/calendars/${id}`,
    expected: as([401, 404, 200, 200, 200, 200, 200, 200]),
  },
  'POST /api/calendar': {
    method: 'POST',
    url: () => '/api/calendar',
    body: () => ({ name: 'Matrix calendar' }),
    expected: as([401, 200, 200, 200, 200, 200, 200, 200]),
  },
  'PUT /api/calendar': {
    method: 'PUT',
    url: (id) => `/api/calendar?calendarId=${id}`,
    body: () => ({ details: 'Edited' }),
    expected: as([401, 404, 403, 403, 403, 200, 200, 200]),
  },
  'PUT /api/calendar/settings': {
    method: 'PUT',
    url: (id) => `/api/calendar/settings?calendarId=${id}`,
    body: () => ({ enableNotices: false }),
    expected: as([401, 404, 403, 200, 200, 200, 200, 200]),
  },
  'DELETE /api/calendar': {
    method: 'DELETE',
    url: (id) => `/api/calendar?calendarId=${id}`,
    expected: as([401, 404, 403, 403, 403, 403, 403, 204]),
  },
  'GET /api/calendar/users': {
    method: 'GET',
    url: (id) => `/api/calendar/users?calendarId=${id}`,
    expected: as([401, 404, 403, 200, 200, 200, 200, 200]),
  },
  'POST /api/members': {
    method: 'POST',
    url: () => '/api/members',
    body: ({ calendarId }) => ({
      calendarId,
      email: `matrix.${Math.random().toString(36).slice(2)}@example.com`,
    }),
    expected: as([401, 404, 403, 403, 403, 403, 200, 200]),
  },
  'POST /api/share/calendar': {
    method: 'POST',
    url: () => '/api/share/calendar',
    body: async ({ calendarId, pendingMemberId, solve }) => ({
      calendarId,
      memberId: pendingMemberId,
      recaptchaCode: await solve(),
    }),
    expected: as([401, 404, 403, 403, 403, 403, 200, 200]),
  },
  'DELETE /api/share/calendar': {
    method: 'DELETE',
    url: () => '/api/share/calendar',
    body: ({ calendarId, pendingMemberId }) => ({ calendarId, memberId: pendingMemberId }),
    expected: as([401, 404, 403, 403, 403, 403, 204, 204]),
  },
  'PUT /api/members/:memberId': {
    method: 'PUT',
    url: (_id, { memberMemberId }) => `/api/members/${memberMemberId}`,
    body: ({ calendarId }) => ({ calendarId, role: 'assistant' }),
    expected: as([401, 404, 403, 403, 403, 403, 200, 200]),
  },
  'POST /api/calendars/:calendarId/ownershipOffer': {
    method: 'POST',
    url: (id) => `/api/calendars/${id}/ownershipOffer`,
    body: ({ memberMemberId }) => ({ memberId: memberMemberId }),
    expected: as([401, 404, 403, 403, 403, 403, 403, 200]),
  },
  'DELETE /api/calendars/:calendarId/ownershipOffer': {
    method: 'DELETE',
    url: (id) => `/api/calendars/${id}/ownershipOffer`,
    prepare: async (app, { calendarId, memberMemberId }) => {
      await app.database.db
        .update(calendars)
        .set({ ownershipOfferMemberId: memberMemberId })
        .where(eq(calendars.id, calendarId));
    },
    expected: as([401, 404, 403, 403, 403, 403, 403, 204]),
  },
};

const calendarArea = /^\/api\/(calendar|calendars|members|share\/calendar)(\/|$|\?)/;

describe.each(testDatabases())('calendar authorisation matrix on %s', (kind) => {
  let app: TestApp;
  const people = {} as Record<Exclude<Role, 'signedOut'>, User>;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { INVITATION_HOURLY_LIMIT: '1000' } });
    for (const role of roles)
      if (role !== 'signedOut') people[role] = await app.register({ name: `Matrix ${role}` });
  });
  afterAll(() => app.stop());

  it('has a row for every calendar and member route of the app', () => {
    const routes = app.routes
      // A calendar's agenda is an event route: events.matrix.test.ts covers it.
      .filter((route) => calendarArea.test(route.url) && !route.url.endsWith('/events'))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.sort()).toEqual(Object.keys(matrix).sort());
  });

  for (const [route, entry] of Object.entries(matrix)) {
    it(`${route} answers each role as decided`, async () => {
      const seen: Partial<Record<Role, number>> = {};
      for (const role of roles) {
        const calendarId = await insertCalendar(app.database.db, people.owner, [
          { user: people.invitee, role: 'invitee' },
          { user: people.member, role: 'member' },
          { user: people.assistant, role: 'assistant' },
          { user: people.manager, role: 'manager' },
          { user: people.admin, role: 'admin' },
        ]);
        const [pending] = await app.database.db
          .insert(calendarMembers)
          .values({
            id: `p${calendarId}`.slice(0, 32),
            calendarId,
            email: `pending.${calendarId}@example.com`,
            name: 'Pending',
            role: 'member',
            permissions: { canView: true, canAdd: false, canEdit: false, canShare: false, isOwner: false },
            settings: { enableETA: false, enableNotices: true, enableChatPushNotifications: true, order: 0 },
            invitedById: people.owner.userId,
          })
          .returning();
        const [memberRow] = await app.database.db
          .select({ id: calendarMembers.id })
          .from(calendarMembers)
          .where(
            and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.userId, people.member.userId)),
          );
        const context: CaseContext = {
          calendarId,
          pendingMemberId: pending?.id as string,
          memberMemberId: memberRow?.id as string,
          solve: app.solveCaptcha,
        };
        await entry.prepare?.(app, context);
        const body = entry.body ? await entry.body(context) : undefined;
        const response = await app.fastify.inject({
          method: entry.method,
          url: entry.url(calendarId, context),
          headers: role === 'signedOut' ? {} : { loginToken: people[role].loginToken },
          ...(body ? { payload: body } : {}),
        });
        seen[role] = response.statusCode;
        await app.database.db
          .update(calendars)
          .set({ ownershipOfferMemberId: null })
          .where(eq(calendars.id, calendarId));
        await app.database.db.delete(calendarMembers).where(eq(calendarMembers.calendarId, calendarId));
      }
      expect(seen).toEqual(entry.expected);
    });
  }
});
