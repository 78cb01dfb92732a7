import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGroup } from '../../../test/chatFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { accounts, userBlocks } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;
const roles = ['signedOut', 'stranger', 'exParticipant', 'blocked', 'participant', 'admin', 'owner'] as const;
type Role = (typeof roles)[number];

/** A request about a fresh group, made as one role; `target` is a plain participant of it. */
interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (ids: { conversationId: string; targetId: string }) => string;
  body?: (ids: { extraId: string }) => object;
  expected: Record<Role, number>;
}

const as = (statuses: number[]): Record<Role, number> =>
  Object.fromEntries(roles.map((role, index) => [role, statuses[index] as number])) as Record<Role, number>;
const members = as([401, 404, 404, 200, 200, 200, 200]);
const admins = as([401, 404, 404, 403, 403, 200, 200]);
const anyone = as([401, 200, 200, 200, 200, 200, 200]);
const conversation = ({ conversationId }: { conversationId: string }) =>
  `/api/conversations/${conversationId}`;

/**
 * Every chat route × every role (PRODUCT.md §2.6). A chat route added without a row here fails
 * the first test. "blocked" takes part in the group and was blocked by its owner: in a group a
 * block changes no one's rights.
 */
const matrix: Record<string, Case> = {
  'GET /api/conversations': { method: 'GET', url: () => '/api/conversations', expected: anyone },
  'POST /api/conversations': {
    method: 'POST',
    url: () => '/api/conversations',
    body: () => ({ type: 'group', name: 'Matrix', users: [] }),
    expected: anyone,
  },
  'GET /api/conversations/:conversationId': { method: 'GET', url: conversation, expected: members },
  'PUT /api/conversations/:conversationId': {
    method: 'PUT',
    url: conversation,
    body: () => ({ description: 'Edited' }),
    expected: admins,
  },
  'DELETE /api/conversations/:conversationId': {
    method: 'DELETE',
    url: conversation,
    expected: as([401, 404, 404, 204, 204, 204, 204]),
  },
  'GET /api/conversations/:conversationId/mute': {
    method: 'GET',
    url: (ids) => `${conversation(ids)}/mute`,
    expected: members,
  },
  'POST /api/conversations/:conversationId/mute': {
    method: 'POST',
    url: (ids) => `${conversation(ids)}/mute`,
    expected: members,
  },
  'DELETE /api/conversations/:conversationId/mute': {
    method: 'DELETE',
    url: (ids) => `${conversation(ids)}/mute`,
    expected: members,
  },
  'GET /api/conversations/:conversationId/users': {
    method: 'GET',
    url: (ids) => `${conversation(ids)}/users`,
    expected: members,
  },
  'POST /api/conversations/:conversationId/users': {
    method: 'POST',
    url: (ids) => `${conversation(ids)}/users`,
    body: ({ extraId }) => ({ users: [extraId] }),
    expected: admins,
  },
  'PUT /api/conversations/:conversationId/users/:userId': {
    method: 'PUT',
    url: (ids) => `${conversation(ids)}/users/${ids.targetId}`,
    body: () => ({ role: 'admin' }),
    expected: admins,
  },
  'DELETE /api/conversations/:conversationId/users/:userId': {
    method: 'DELETE',
    url: (ids) => `${conversation(ids)}/users/${ids.targetId}`,
    expected: as([401, 404, 404, 403, 403, 204, 204]),
  },
  'GET /api/conversations/:conversationId/messages': {
    method: 'GET',
    url: (ids) => `${conversation(ids)}/messages`,
    expected: members,
  },
  'POST /api/conversations/:conversationId/messages': {
    method: 'POST',
    url: (ids) => `${conversation(ids)}/messages`,
    body: () => ({ message: 'Matrix', clientKey: `m${Math.random()}` }),
    expected: members,
  },
  'GET /api/users': { method: 'GET', url: () => '/api/users?q=matrix', expected: anyone },
  'GET /api/users/invitations': {
    method: 'GET',
    url: () => `/api/users/invitations?email=matrix.${Math.random().toString(36).slice(2)}@example.com`,
    expected: anyone,
  },
  'GET /api/users/blocks': { method: 'GET', url: () => '/api/users/blocks', expected: anyone },
  'POST /api/users/:userId/block': {
    method: 'POST',
    url: (ids) => `/api/users/${ids.targetId}/block`,
    expected: as([401, 204, 204, 204, 204, 204, 204]),
  },
  'DELETE /api/users/:userId/block': {
    method: 'DELETE',
    url: (ids) => `/api/users/${ids.targetId}/block`,
    expected: as([401, 204, 204, 204, 204, 204, 204]),
  },
};

const chatArea = /^\/api\/(conversations|users)(\/|$)/;

describe.each(testDatabases())('chat authorisation matrix on %s', (kind) => {
  let app: TestApp;
  const people = {} as Record<Exclude<Role, 'signedOut'> | 'target' | 'extra', User>;
  beforeAll(async () => {
    app = await createTestApp(kind);
    for (const role of [...roles, 'target', 'extra'] as const)
      if (role !== 'signedOut') people[role] = await app.register({ name: `Matrix ${role}` });
    // Confirmed, as only confirmed accounts mail invitations (chat.limits.test.ts has the rest).
    await app.database.db
      .update(accounts)
      .set({ status: 'active' })
      .where(
        inArray(
          accounts.id,
          Object.values(people).map((person) => person.userId),
        ),
      );
    await app.database.db
      .insert(userBlocks)
      .values({ blockerId: people.owner.userId, blockedId: people.blocked.userId });
  });
  afterAll(() => app.stop());

  it('has a row for every chat route of the app', () => {
    const routes = app.routes
      // Notes and reports about a person are profile routes with their own tests.
      .filter((route) => chatArea.test(route.url) && !/\/(notes|reports)$/.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.sort()).toEqual(Object.keys(matrix).sort());
  });

  for (const [route, entry] of Object.entries(matrix)) {
    it(`${route} answers each role as decided`, async () => {
      const seen: Partial<Record<Role, number>> = {};
      for (const role of roles) {
        const conversationId = await insertGroup(app.database.db, [
          { user: people.owner, role: 'owner' },
          { user: people.admin, role: 'admin' },
          { user: people.participant, role: 'participant' },
          { user: people.blocked, role: 'participant' },
          { user: people.exParticipant, role: 'left' },
          { user: people.target, role: 'participant' },
        ]);
        const response = await app.fastify.inject({
          method: entry.method,
          url: entry.url({ conversationId, targetId: people.target.userId }),
          headers: role === 'signedOut' ? {} : { loginToken: people[role].loginToken },
          ...(entry.body ? { payload: entry.body({ extraId: people.extra.userId }) } : {}),
        });
        seen[role] = response.statusCode;
        await app.database.db.delete(userBlocks).where(eq(userBlocks.blockedId, people.target.userId));
      }
      expect(seen).toEqual(entry.expected);
    });
  }
});
