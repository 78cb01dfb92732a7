import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGroup } from '../../../test/chatFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { conversationParticipants, conversations, messages, userBlocks } from '../../db/schema/index.ts';

const chatArea = /^\/api\/(conversations|users)(\/|$)/;

/** Bodies no chat route accepts: wrong types, wrong shapes, oversize and unstorable text. */
const badBodies: unknown[] = [
  [1, 2],
  'text',
  { type: 'group', name: ['a'], users: 'x' },
  { type: '1to1', users: [{ id: 1 }] },
  { users: [] },
  { users: Array.from({ length: 101 }, (_, i) => `u${i}`) },
  { role: 'owner' },
  { name: 'x'.repeat(41) },
  { name: 'ok\u0000' },
  { description: 5 },
  { message: { text: 'hi' }, clientKey: 'k' },
  { message: 'hi', clientKey: 'k'.repeat(101) },
  { message: 'hi' },
  { message: 'x'.repeat(5000), clientKey: 'k' },
  { media: 'javascript:alert(1)', clientKey: 'k' },
  { color: 'red' },
];

/** Query strings no list accepts. */
const badQueries = [
  'skip=-1',
  'limit=0',
  'limit=101',
  'skip=abc',
  'from=yesterday',
  'from=-5',
  'q=abc',
  `q=${'q'.repeat(300)}`,
];

/** A small deterministic generator, so a failure reproduces. */
function randomJson(seed: number): unknown {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const value = (depth: number): unknown => {
    const pick = Math.floor(next() * 7);
    if (depth > 2 || pick === 0) return Math.floor(next() * 1e6) - 5e5;
    if (pick === 1) return 'ab\uD800cd'.slice(0, 1 + Math.floor(next() * 6));
    if (pick === 2) return null;
    if (pick === 3) return next() > 0.5;
    if (pick === 4) return Array.from({ length: Math.floor(next() * 3) }, () => value(depth + 1));
    const keys = ['type', 'name', 'users', 'message', 'media', 'clientKey', 'role', 'photo', 'description'];
    return Object.fromEntries(keys.filter(() => next() > 0.5).map((key) => [key, value(depth + 1)]));
  };
  return value(0);
}

describe.each(testDatabases())('chat routes under malformed and random requests on %s', (kind) => {
  let app: TestApp;
  let owner: Awaited<ReturnType<TestApp['register']>>;
  let conversationId: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await app.register({ name: 'Malformed Owner' });
    const other = await app.register({ name: 'Malformed Other' });
    conversationId = await insertGroup(app.database.db, [
      { user: owner, role: 'owner' },
      { user: other, role: 'participant' },
    ]);
  });
  afterAll(() => app.stop());

  const snapshot = async () => {
    const db = app.database.db;
    return JSON.stringify([
      await db.select().from(conversations),
      await db.select().from(conversationParticipants),
      await db.select().from(messages),
      await db.select().from(userBlocks),
    ]);
  };

  it('answers every chat route with a 4xx envelope, never a 500, and writes no message or block', async () => {
    const routes = app.routes.filter(
      (route) => chatArea.test(route.url) && !/\/(notes|reports)$/.test(route.url),
    );
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const before = await snapshot();
    const ids = ['nope', 'x'.repeat(65), '%00', conversationId];
    let seed = 1;
    for (const route of routes) {
      for (const id of ids) {
        const url = route.url
          .replace(':conversationId', encodeURIComponent(id === 'nope' ? conversationId : id))
          .replace(':userId', encodeURIComponent(id === conversationId ? 'nobody' : id));
        const attempts: Array<{ payload?: unknown; query?: string }> =
          route.method === 'GET'
            ? badQueries.map((query) => ({ query }))
            : [...badBodies, randomJson(seed++), randomJson(seed++), randomJson(seed++)].map((payload) => ({
                payload,
              }));
        for (const attempt of attempts) {
          const response = await app.fastify.inject({
            method: route.method as 'GET',
            url: attempt.query ? `${url}?${attempt.query}` : url,
            headers: { loginToken: owner.loginToken },
            ...(attempt.payload !== undefined ? { payload: JSON.stringify(attempt.payload) } : {}),
            ...(attempt.payload !== undefined
              ? { headers: { loginToken: owner.loginToken, 'content-type': 'application/json' } }
              : {}),
          });
          const label = `${route.method} ${url} ${attempt.query ?? JSON.stringify(attempt.payload)?.slice(0, 80)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json(), label).toHaveProperty('code');
        }
      }
    }
    // Routes without a body (mute, hide) may legitimately act on the real conversation id;
    // no malformed or random body may ever write a message or a block.
    const after = await snapshot();
    expect(JSON.parse(after)[2]).toEqual(JSON.parse(before)[2]);
    expect(JSON.parse(after)[3]).toEqual(JSON.parse(before)[3]);
    // Hundreds of requests one after another: on a busy 2-core machine this takes longer than the
    // default 30 s though each answer is quick.
  }, 120_000);
});
