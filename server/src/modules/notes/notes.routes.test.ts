import { profileMessages as m } from '@convene/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';

describe.each(testDatabases())('private notes on %s', (kind) => {
  let app: TestApp;
  let a: Awaited<ReturnType<TestApp['register']>>;
  let b: Awaited<ReturnType<TestApp['register']>>;
  let c: Awaited<ReturnType<TestApp['register']>>;
  beforeAll(async () => {
    app = await createTestApp(kind);
    [a, b, c] = [await app.register(), await app.register(), await app.register()];
  });
  afterAll(() => app.stop());

  const notesOf = (token: string | undefined, userId: string, note?: unknown) =>
    app.fastify.inject({
      method: note === undefined ? 'GET' : 'PUT',
      url: `/api/users/${userId}/notes`,
      headers: token ? { loginToken: token } : {},
      ...(note === undefined ? {} : { payload: { note } }),
    });

  it('requires sign-in', async () => {
    expect((await notesOf(undefined, c.userId)).statusCode).toBe(401);
    expect((await notesOf(undefined, c.userId, 'x')).statusCode).toBe(401);
  });

  it('keeps a note visible to its author only: not to another user, not in the subject’s own account', async () => {
    expect((await notesOf(a.loginToken, c.userId)).json()).toEqual({ note: '' });
    const saved = await notesOf(a.loginToken, c.userId, '  Met at the conference.\nLikes maps. ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ note: 'Met at the conference.\nLikes maps.' });
    expect((await notesOf(a.loginToken, c.userId)).json()).toEqual({
      note: 'Met at the conference.\nLikes maps.',
    });

    expect((await notesOf(b.loginToken, c.userId)).json()).toEqual({ note: '' });
    const profileForB = await app.fastify.inject({
      url: `/api/accounts/${c.userId}`,
      headers: { loginToken: b.loginToken },
    });
    expect(profileForB.json().note).toBe('');
    const profileForA = await app.fastify.inject({
      url: `/api/accounts/${c.userId}/profile`,
      headers: { loginToken: a.loginToken },
    });
    expect(profileForA.json().note).toBe('Met at the conference.\nLikes maps.');
    for (const url of [`/api/accounts/${c.userId}`, '/api/account', `/api/accounts/${a.userId}`]) {
      const seenByC = await app.fastify.inject({ url, headers: { loginToken: c.loginToken } });
      expect(seenByC.body, url).not.toContain('conference');
    }

    await notesOf(b.loginToken, c.userId, 'B’s own view');
    expect((await notesOf(a.loginToken, c.userId)).json().note).toBe('Met at the conference.\nLikes maps.');
    expect((await notesOf(b.loginToken, c.userId)).json().note).toBe('B’s own view');
  });

  it('replaces the note, and an empty note removes it', async () => {
    await notesOf(a.loginToken, b.userId, 'first');
    await notesOf(a.loginToken, b.userId, 'second');
    expect((await notesOf(a.loginToken, b.userId)).json()).toEqual({ note: 'second' });
    expect((await notesOf(a.loginToken, b.userId, '   ')).json()).toEqual({ note: '' });
    expect((await notesOf(a.loginToken, b.userId)).json()).toEqual({ note: '' });
  });

  it('answers 404 for an unknown user and 400 for bad notes, changing nothing', async () => {
    expect((await notesOf(a.loginToken, 'nobody')).statusCode).toBe(404);
    expect((await notesOf(a.loginToken, 'nobody', 'hello')).statusCode).toBe(404);
    await notesOf(a.loginToken, c.userId, 'kept');
    const cases = [
      ['x'.repeat(2001), 'note', m.noteTooLong],
      ['nul\u0000byte', 'note', m.textInvalid],
      [42, 'note', m.requiredField],
    ] as const;
    for (const [note, field, message] of cases) {
      const response = await notesOf(a.loginToken, c.userId, note);
      expect(response.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message, field });
    }
    const self = await notesOf(a.loginToken, a.userId, 'me');
    expect(self.json()).toMatchObject({ statusCode: 400, field: 'userId' });
    expect((await notesOf(a.loginToken, c.userId)).json()).toEqual({ note: 'kept' });
  });
});
