import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, findLink, type TestApp, testDatabases } from '../../../test/harness.ts';
import { accounts, calendars } from '../../db/schema/index.ts';

describe.each(testDatabases())('POST /api/auth/register on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());

  const post = async (payload: Record<string, unknown>) =>
    app.fastify.inject({ method: 'POST', url: '/api/auth/register', payload });

  const validBody = async (overrides: Record<string, unknown> = {}) => ({
    name: 'Ana Popescu',
    email: `ana.${Date.now()}.${Math.random()}@example.com`,
    password: 'secret-pass',
    recaptchaCode: await app.solveCaptcha(),
    ...overrides,
  });

  it('creates a pending account, signs it in, makes its personal calendar and mails a confirmation', async () => {
    const body = await validBody({ name: '  Ana Popescu  ', email: 'Ana.Register@Example.com' });
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const account = response.json();
    expect(account).toMatchObject({
      name: 'Ana Popescu',
      email: 'ana.register@example.com',
      status: 'pending',
      isConfirmed: false,
      hasUpdatedProfile: false,
      socialId: null,
      permissions: { canCreateChat: true },
      privacy: { email: false, phoneNumber: false, linkedIn: false, facebook: false },
    });
    expect(account.userId).toMatch(/^[0-9a-f]{32}$/);
    expect(Buffer.from(account.loginToken, 'base64url')).toHaveLength(32);

    const me = await app.fastify.inject({
      method: 'GET',
      url: '/api/account',
      headers: { loginToken: account.loginToken },
    });
    expect(me.json().userId).toBe(account.userId);

    const personal = await app.database.db
      .select()
      .from(calendars)
      .where(eq(calendars.ownerId, account.userId));
    expect(personal).toHaveLength(1);
    expect(personal[0]).toMatchObject({ isPersonal: true, visibility: 'private', color: '#4256c1' });

    const [stored] = await app.database.db.select().from(accounts).where(eq(accounts.id, account.userId));
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain('secret-pass');

    const mails = await app.mails();
    const mail = mails.find((text) => text.includes('To: ana.register@example.com'));
    expect(mail).toBeDefined();
    expect(findLink(mail as string, '/api/account/confirmEmail?token=')).toMatch(
      /^http:\/\/127\.0\.0\.1:3000\//,
    );
  });

  it('writes the mail in Romanian for a Romanian browser', async () => {
    const body = await validBody({ email: 'ro.user@example.com' });
    const response = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { 'accept-language': 'ro-RO,ro;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    const mail = (await app.mails()).find((text) => text.includes('To: ro.user@example.com'));
    expect(mail).toContain('Subject: =?UTF-8?');
    expect(Buffer.from(mail ?? '').toString()).toMatch(/Bun/);
  });

  it.each([
    ['name', { name: '' }, 'auth.errors.nameRequired'],
    ['name', { name: '  ab  ' }, 'auth.errors.nameTooShort'],
    ['name', { name: 'x'.repeat(41) }, 'auth.errors.nameTooLong'],
    ['email', { email: 'not-an-email' }, 'auth.errors.emailInvalid'],
    ['email', { email: '' }, 'auth.errors.emailRequired'],
    ['password', { password: '12345' }, 'auth.errors.passwordTooShort'],
    ['password', { password: 'x'.repeat(31) }, 'auth.errors.passwordTooLong'],
    ['password', { password: ' secret1' }, 'auth.errors.passwordSpaces'],
    ['password', { password: 'secret1 ' }, 'auth.errors.passwordSpaces'],
    ['recaptchaCode', { recaptchaCode: '' }, 'auth.errors.recaptchaRequired'],
  ])('answers 400 naming %s for %j and creates nothing', async (field, overrides, message) => {
    const before = await app.database.db.$count(accounts);
    const response = await post(await validBody(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message, field });
    expect(await app.database.db.$count(accounts)).toBe(before);
  });

  it('answers 400 on a missing field and on a body that is not JSON', async () => {
    const missing = await post({ name: 'Ana', email: 'a@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('password');
    const garbage = await app.fastify.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('VALIDATION');
  });

  it('refuses a wrong, forged or replayed bot-check answer', async () => {
    const forged = await post(
      await validBody({ recaptchaCode: Buffer.from('{"challenge":{}}').toString('base64') }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'CAPTCHA_INVALID', field: 'recaptchaCode' });

    const answer = await app.solveCaptcha();
    const first = await post(await validBody({ recaptchaCode: answer }));
    expect(first.statusCode).toBe(200);
    const replay = await post(await validBody({ recaptchaCode: answer }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'CAPTCHA_INVALID',
      message: 'Something went wrong with the validation, please try again.',
    });
  });

  it('answers 403 on the email field for an address in use, whatever its case', async () => {
    await app.register({ email: 'taken@example.com' });
    const response = await post(await validBody({ email: 'TAKEN@example.com' }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      code: 'EMAIL_IN_USE',
      message: 'The specified email address is already in use. Please use another.',
      field: 'email',
    });
  });

  it('answers 401 for the address of a deleted account', async () => {
    const user = await app.register({ email: 'gone@example.com' });
    await app.database.db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, user.userId));
    const response = await post(await validBody({ email: 'gone@example.com' }));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'ACCOUNT_DELETED',
      message: 'The account associated with this email address has been deleted!',
    });
  });
});
