import { profileMessages as m } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { accounts } from '../../db/schema/index.ts';

describe.each(testDatabases())('password change and recent timezones on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());

  const activeUser = async () => {
    const user = await app.register();
    await app.database.db.update(accounts).set({ status: 'active' }).where(eq(accounts.id, user.userId));
    return user;
  };
  const changePassword = (token: string | undefined, payload: unknown) =>
    app.fastify.inject({
      method: 'POST',
      url: '/api/account/changepassword',
      headers: token ? { loginToken: token } : {},
      payload: payload as Record<string, unknown>,
    });
  const login = (email: string, password: string) =>
    app.fastify.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const currentAccount = (token: string) =>
    app.fastify.inject({ url: '/api/account', headers: { loginToken: token } });

  it('changes the password with 204, keeps this session and ends the others', async () => {
    const user = await activeUser();
    const otherSession = (await login(user.email, user.password)).json().loginToken as string;
    const response = await changePassword(user.loginToken, {
      oldPassword: user.password,
      newPassword: 'brand-new 1',
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await login(user.email, user.password)).statusCode).toBe(403);
    expect((await login(user.email, 'brand-new 1')).statusCode).toBe(200);
    expect((await currentAccount(user.loginToken)).statusCode).toBe(200);
    expect((await currentAccount(otherSession)).statusCode).toBe(401);
  });

  it('answers 400 on oldPassword for a wrong current password and keeps the old one', async () => {
    const user = await activeUser();
    const response = await changePassword(user.loginToken, {
      oldPassword: 'not-it',
      newPassword: 'brand-new',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'INVALID_CURRENT_PASSWORD',
      message: 'The current password is not right.',
      field: 'oldPassword',
    });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('locks password guessing after 10 wrong current passwords with 429', async () => {
    const user = await activeUser();
    for (let i = 0; i < 10; i++) {
      expect(
        (await changePassword(user.loginToken, { oldPassword: `wrong-${i}`, newPassword: 'brand-new' }))
          .statusCode,
      ).toBe(400);
    }
    const locked = await changePassword(user.loginToken, {
      oldPassword: user.password,
      newPassword: 'brand-new',
    });
    expect(locked.statusCode).toBe(429);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses with 403 until the e-mail is confirmed, and for social accounts', async () => {
    const pending = await app.register();
    const refused = await changePassword(pending.loginToken, {
      oldPassword: pending.password,
      newPassword: 'brand-new',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const social = await activeUser();
    await app.database.db
      .update(accounts)
      .set({ socialId: 'google:123' })
      .where(eq(accounts.id, social.userId));
    const socialRefused = await changePassword(social.loginToken, {
      oldPassword: social.password,
      newPassword: 'brand-new',
    });
    expect(socialRefused.statusCode).toBe(403);
    expect((await login(pending.email, pending.password)).statusCode).toBe(200);
  });

  it('validates the body with the profile keys and changes nothing; 401 without sign-in', async () => {
    const user = await activeUser();
    const cases = [
      [{ newPassword: 'brand-new' }, 'oldPassword', m.requiredField],
      [{ oldPassword: user.password }, 'newPassword', m.requiredField],
      [{ oldPassword: user.password, newPassword: '12345' }, 'newPassword', m.passwordTooShort],
      [{ oldPassword: user.password, newPassword: 'x'.repeat(31) }, 'newPassword', m.passwordTooLong],
      [{ oldPassword: user.password, newPassword: 'brand-new ' }, 'newPassword', m.passwordSpaces],
    ] as const;
    for (const [payload, field, message] of cases) {
      const response = await changePassword(user.loginToken, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message, field });
    }
    expect((await changePassword(undefined, { oldPassword: 'a', newPassword: 'brand-new' })).statusCode).toBe(
      401,
    );
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('keeps the five most recent timezones, most recent first, for the account only', async () => {
    const user = await app.register();
    const other = await app.register();
    const url = `/api/accounts/${user.userId}/timezones`;
    const pick = (name: string, token = user.loginToken, target = url) =>
      app.fastify.inject({ method: 'PUT', url: target, headers: { loginToken: token }, payload: { name } });
    const list = (token = user.loginToken, target = url) =>
      app.fastify.inject({ url: target, headers: { loginToken: token } });

    expect((await list()).json()).toEqual([]);
    const zones = [
      'Europe/Bucharest',
      'UTC',
      'America/New_York',
      'Asia/Tokyo',
      'Europe/London',
      'Australia/Sydney',
    ];
    for (const zone of zones) expect((await pick(zone)).statusCode).toBe(200);
    const picked = await pick('UTC');
    expect(picked.json()).toEqual(
      ['UTC', 'Australia/Sydney', 'Europe/London', 'Asia/Tokyo', 'America/New_York'].map((name) => ({
        name,
      })),
    );
    expect((await list()).json()).toEqual(picked.json());

    const invalid = await pick('Mars/Olympus');
    expect(invalid.json()).toMatchObject({ statusCode: 400, field: 'name', message: m.timezoneInvalid });
    expect((await list()).json()).toEqual(picked.json());

    expect((await list(other.loginToken)).statusCode).toBe(403);
    expect((await pick('UTC', other.loginToken)).statusCode).toBe(403);
    expect((await list(user.loginToken, '/api/accounts/nobody/timezones')).statusCode).toBe(404);
    expect((await app.fastify.inject({ url })).statusCode).toBe(401);
    expect((await list(other.loginToken, `/api/accounts/${other.userId}/timezones`)).json()).toEqual([]);
  });
});
