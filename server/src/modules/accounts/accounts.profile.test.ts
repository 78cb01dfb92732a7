import { profileMessages as m } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { accounts } from '../../db/schema/index.ts';
import { authoriseUpload, plainImage, postUpload } from '../media/media.testing.ts';

const filled = {
  name: 'Ana Pop',
  description: 'Maps and mountains.',
  contact: { phoneNumber: '+40 721 123 456', linkedIn: 'ana-pop', facebook: 'ana.pop.ro' },
};

describe.each(testDatabases())('profiles on %s', (kind) => {
  let app: TestApp;
  let editor: Awaited<ReturnType<TestApp['register']>>;
  beforeAll(async () => {
    app = await createTestApp(kind);
    editor = await app.register();
  });
  afterAll(() => app.stop());

  const request = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
    app.fastify.inject({ method, url, headers: { loginToken: token }, ...(payload ? { payload } : {}) });
  const accountRow = async (userId: string) =>
    (await app.database.db.select().from(accounts).where(eq(accounts.id, userId)))[0];

  it('requires sign-in on every profile route', async () => {
    const user = await app.register();
    for (const [method, url] of [
      ['GET', `/api/accounts/${user.userId}`],
      ['GET', `/api/accounts/${user.userId}/profile`],
      ['PUT', `/api/accounts/${user.userId}`],
    ] as const) {
      const response = await app.fastify.inject({
        method,
        url,
        payload: method === 'PUT' ? filled : undefined,
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('saves one’s own profile, answers contact, description and hasUpdatedProfile, and tells the account’s sockets', async () => {
    const user = await app.register();
    expect(user.hasUpdatedProfile).toBe(false);
    const publish = vi.spyOn(app.ctx.hub, 'publish');
    const response = await request('PUT', `/api/accounts/${user.userId}`, user.loginToken, {
      ...filled,
      privacy: { email: true, phoneNumber: false, linkedIn: true, facebook: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      contact: {
        phoneNumber: '+40 721 123 456',
        linkedIn: 'https://www.linkedin.com/in/ana-pop',
        facebook: 'https://www.facebook.com/ana.pop.ro',
      },
      description: 'Maps and mountains.',
      hasUpdatedProfile: true,
    });
    await app.ctx.outbox.drain();
    expect(publish).toHaveBeenCalledWith([user.userId], 'account', { userId: user.userId, action: 'update' });
    publish.mockRestore();
    const own = (await request('GET', '/api/account', user.loginToken)).json();
    expect(own).toMatchObject({
      name: 'Ana Pop',
      hasUpdatedProfile: true,
      privacy: { email: true, linkedIn: true },
    });

    const partial = await request('PUT', `/api/accounts/${user.userId}`, user.loginToken, {
      name: 'Ana Maria Pop',
      contact: { phoneNumber: '' },
    });
    expect(partial.json().contact).toEqual({ ...own.contact, phoneNumber: null });
    expect((await accountRow(user.userId))?.description).toBe('Maps and mountains.');
  });

  it('shows another user each contact field only when its privacy switch is on; the owner sees everything', async () => {
    const owner = await app.register();
    const viewer = await app.register();
    await request('PUT', `/api/accounts/${owner.userId}`, owner.loginToken, filled);
    const seen = async () =>
      (await request('GET', `/api/accounts/${owner.userId}`, viewer.loginToken)).json();

    const hidden = await seen();
    expect(hidden).toEqual({
      userId: owner.userId,
      name: 'Ana Pop',
      imageLink: null,
      description: 'Maps and mountains.',
      email: null,
      contact: { phoneNumber: null, linkedIn: null, facebook: null },
      note: '',
      isBlocked: false,
    });
    expect(JSON.stringify(hidden)).not.toContain(owner.email);
    expect(hidden).not.toHaveProperty('privacy');
    expect(hidden).not.toHaveProperty('status');

    const flags = [
      ['email', (p: typeof hidden) => p.email, owner.email],
      ['phoneNumber', (p: typeof hidden) => p.contact.phoneNumber, '+40 721 123 456'],
      ['linkedIn', (p: typeof hidden) => p.contact.linkedIn, 'https://www.linkedin.com/in/ana-pop'],
      ['facebook', (p: typeof hidden) => p.contact.facebook, 'https://www.facebook.com/ana.pop.ro'],
    ] as const;
    for (const [flag, pick, value] of flags) {
      await request('PUT', `/api/accounts/${owner.userId}`, owner.loginToken, {
        name: 'Ana Pop',
        privacy: { email: false, phoneNumber: false, linkedIn: false, facebook: false, [flag]: true },
      });
      const profile = await seen();
      expect(pick(profile), flag).toBe(value);
      const shownFields = [profile.email, ...Object.values(profile.contact)].filter(
        (field) => field !== null,
      );
      expect(shownFields, flag).toEqual([value]);
      const ownView = (await request('GET', `/api/accounts/${owner.userId}`, owner.loginToken)).json();
      expect(ownView).toMatchObject({ email: owner.email, contact: { phoneNumber: '+40 721 123 456' } });
      expect(ownView.privacy[flag]).toBe(true);
    }
    const viaProfilePath = await request('GET', `/api/accounts/${owner.userId}/profile`, viewer.loginToken);
    expect(viaProfilePath.json()).toEqual(await seen());
  });

  it('answers 404 for unknown and deleted users and 403 for editing someone else', async () => {
    const user = await app.register();
    const other = await app.register();
    await app.database.db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, other.userId));
    for (const id of ['nobody', other.userId]) {
      expect((await request('GET', `/api/accounts/${id}`, user.loginToken)).statusCode).toBe(404);
      expect((await request('GET', `/api/accounts/${id}/profile`, user.loginToken)).statusCode).toBe(404);
      expect((await request('PUT', `/api/accounts/${id}`, user.loginToken, filled)).statusCode).toBe(404);
    }
    const target = await app.register();
    const before = await accountRow(target.userId);
    const refused = await request('PUT', `/api/accounts/${target.userId}`, user.loginToken, filled);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect(await accountRow(target.userId)).toEqual(before);
  });

  it.each([
    [{ name: '' }, 'name', m.nameRequired],
    [{ name: 'Al' }, 'name', m.nameTooShort],
    [{ name: 'Ana<script>' }, 'name', m.nameInvalid],
    [{ name: 'A'.repeat(41) }, 'name', m.nameTooLong],
    [{ description: '<img src=x onerror=alert(1)>' }, 'description', m.descriptionInvalid],
    [{ description: 'x'.repeat(301) }, 'description', m.descriptionTooLong],
    [{ contact: { phoneNumber: '12' } }, 'contact.phoneNumber', m.phoneInvalid],
    [{ contact: { linkedIn: 'https://evil.example/in/x' } }, 'contact.linkedIn', m.linkedInInvalid],
    [{ contact: { facebook: 'javascript:alert(1)' } }, 'contact.facebook', m.facebookInvalid],
  ])('refuses %j with 400 on %s (%s) and changes nothing', async (override, field, message) => {
    const before = await accountRow(editor.userId);
    const response = await request('PUT', `/api/accounts/${editor.userId}`, editor.loginToken, {
      ...filled,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message, field });
    expect(await accountRow(editor.userId)).toEqual(before);
  });

  it('takes a photo the user uploaded, and refuses someone else’s or a missing one', async () => {
    const user = await app.register();
    const other = await app.register();
    const uploadFor = async (token: string) => {
      const auth = await authoriseUpload(app, token);
      const response = await postUpload(app, Object.entries(auth.fields), await plainImage(30, 30, 'jpeg'));
      expect(response.statusCode).toBe(201);
      return auth.mediaUrl;
    };
    const mine = await uploadFor(user.loginToken);
    const theirs = await uploadFor(other.loginToken);
    const missing = mine.replace(/[0-9a-f]{32}\.jpg$/, `${'c'.repeat(32)}.jpg`);
    for (const imageLink of [theirs, missing]) {
      const response = await request('PUT', `/api/accounts/${user.userId}`, user.loginToken, {
        ...filled,
        imageLink,
      });
      expect(response.json()).toMatchObject({ statusCode: 400, field: 'imageLink', message: m.imageInvalid });
    }
    const saved = await request('PUT', `/api/accounts/${user.userId}`, user.loginToken, {
      ...filled,
      imageLink: mine,
    });
    expect(saved.statusCode).toBe(200);
    const seen = await request('GET', `/api/accounts/${user.userId}`, other.loginToken);
    expect(seen.json().imageLink).toBe(mine);
    const removed = await request('PUT', `/api/accounts/${user.userId}`, user.loginToken, {
      ...filled,
      imageLink: null,
    });
    expect(removed.statusCode).toBe(200);
    expect((await accountRow(user.userId))?.imageLink).toBeNull();
  });
});
