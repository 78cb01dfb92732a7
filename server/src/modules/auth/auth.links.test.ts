import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeMail, findLink, type TestApp, testDatabases } from '../../../test/harness.ts';
import { accounts, oneTimeCodes } from '../../db/schema/index.ts';

describe.each(testDatabases())('reset password, e-mail confirmation and auto-login on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind);
  });
  afterAll(() => app.stop());

  const get = (url: string, loginToken?: string) =>
    app.fastify.inject({ url, headers: loginToken ? { loginToken } : {} });
  const post = (url: string, payload: Record<string, unknown>, loginToken?: string) =>
    app.fastify.inject({ method: 'POST', url, payload, headers: loginToken ? { loginToken } : {} });
  const login = (email: string, password: string) => post('/api/auth/login', { email, password });
  // Mails drained together may be written in the same millisecond: pick by content, not file order.
  const lastMailTo = async (email: string, containing: string) => {
    const mail = (await app.mails())
      .filter((text) => text.includes(`To: ${email}`) && decodeMail(text).includes(containing))
      .at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    return mail;
  };

  it('mails a single-use reset link that sets a new password and ends every session', async () => {
    const user = await app.register();
    const requested = await post('/api/account/resetPassword', {
      email: user.email,
      recaptchaCode: await app.solveCaptcha(),
    });
    expect(requested.statusCode).toBe(204);
    const link = new URL(
      findLink(await lastMailTo(user.email, '/reset-password?token='), '/reset-password?token='),
    );
    const token = link.searchParams.get('token') as string;

    const reset = await post('/api/account/resetPassword/confirm', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    // The login form that follows fills in the address.
    expect(reset.json()).toEqual({ email: user.email });
    expect((await get('/api/account', user.loginToken)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(403);
    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);

    const again = await post('/api/account/resetPassword/confirm', { token, password: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_INVALID', field: 'token' });
    expect((await login(user.email, 'another-pass')).statusCode).toBe(403);
  });

  it('answers User not found on the email field for an unknown address', async () => {
    const response = await post('/api/account/resetPassword', {
      email: 'nobody-here@example.com',
      recaptchaCode: await app.solveCaptcha(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
      field: 'email',
    });
  });

  it('needs the bot check and validates the new password', async () => {
    const user = await app.register();
    const noCaptcha = await post('/api/account/resetPassword', { email: user.email, recaptchaCode: '' });
    expect(noCaptcha.json()).toMatchObject({ statusCode: 400, field: 'recaptchaCode' });
    const weak = await post('/api/account/resetPassword/confirm', { token: 'whatever', password: '123' });
    expect(weak.json()).toMatchObject({ statusCode: 400, field: 'password' });
  });

  it('refuses an expired reset link', async () => {
    const user = await app.register();
    await post('/api/account/resetPassword', { email: user.email, recaptchaCode: await app.solveCaptcha() });
    const token = new URL(
      findLink(await lastMailTo(user.email, '/reset-password?token='), '/reset-password?token='),
    ).searchParams.get('token');
    await app.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.accountId, user.userId));
    const response = await post('/api/account/resetPassword/confirm', { token, password: 'brand-new-pass' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('TOKEN_INVALID');
  });

  it('checks a reset link without spending it: usable until used or expired, never another code', async () => {
    const check = (token: string) =>
      get(`/api/account/resetPassword/check?token=${encodeURIComponent(token)}`);
    const user = await app.register();
    await post('/api/account/resetPassword', { email: user.email, recaptchaCode: await app.solveCaptcha() });
    const tokenIn = async (marker: string) =>
      new URL(findLink(await lastMailTo(user.email, marker), marker)).searchParams.get('token') as string;
    const token = await tokenIn('/reset-password?token=');

    // Public: the person who opened the mailed link is not signed in.
    expect((await check(token)).json()).toEqual({ usable: true });
    expect((await check(token)).json()).toEqual({ usable: true });
    const reset = await post('/api/account/resetPassword/confirm', { token, password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toEqual({ usable: false });

    // Another purpose's code, an unknown one, none at all: not a usable reset link.
    expect((await check(await tokenIn('/api/account/confirmEmail?token='))).json()).toEqual({
      usable: false,
    });
    expect((await check('not-a-token')).json()).toEqual({ usable: false });
    expect((await get('/api/account/resetPassword/check')).json()).toEqual({ usable: false });
    const tooLong = await check('x'.repeat(201));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ field: 'token' });

    // An expired link, as confirming it would say.
    await post('/api/account/resetPassword', { email: user.email, recaptchaCode: await app.solveCaptcha() });
    const fresh = await tokenIn('/reset-password?token=');
    expect(fresh).not.toBe(token);
    expect((await check(fresh)).json()).toEqual({ usable: true });
    await app.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeCodes.accountId, user.userId));
    expect((await check(fresh)).json()).toEqual({ usable: false });
  });

  it('confirms the e-mail once from the mailed link, which then redirects to the login screen', async () => {
    const user = await app.register();
    const link = new URL(
      findLink(
        await lastMailTo(user.email, '/api/account/confirmEmail?token='),
        '/api/account/confirmEmail?token=',
      ),
    );
    const confirmed = await get(`${link.pathname}${link.search}`);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/login?emailConfirmed=1');
    const account = (await get('/api/account', user.loginToken)).json();
    expect(account).toMatchObject({ status: 'active', isConfirmed: true });
    const reused = await get(`${link.pathname}${link.search}`);
    expect(reused.headers.location).toBe('/login?emailConfirmed=0');
  });

  it('resends the confirmation to the caller only while unconfirmed', async () => {
    const user = await app.register();
    const before = (await app.mails()).length;
    const resent = await get(
      `/api/account/resendEmailConfirmation?email=${encodeURIComponent(user.email)}`,
      user.loginToken,
    );
    expect(resent.statusCode).toBe(204);
    const mails = await app.mails();
    expect(mails.length).toBe(before + 1);
    const oldLink = new URL(
      findLink(mails.filter((m) => m.includes(`To: ${user.email}`))[0] as string, 'confirmEmail'),
    );
    expect((await get(`${oldLink.pathname}${oldLink.search}`)).headers.location).toBe(
      '/login?emailConfirmed=0',
    );
    const newLink = new URL(findLink(await lastMailTo(user.email, 'confirmEmail'), 'confirmEmail'));
    expect((await get(`${newLink.pathname}${newLink.search}`)).headers.location).toBe(
      '/login?emailConfirmed=1',
    );

    const other = await get('/api/account/resendEmailConfirmation?email=someone@else.com', user.loginToken);
    expect(other.json()).toMatchObject({ statusCode: 400, field: 'email' });
    const done = await get('/api/account/resendEmailConfirmation', user.loginToken);
    expect(done.json()).toMatchObject({ statusCode: 400, code: 'ALREADY_CONFIRMED' });
    expect((await get('/api/account/resendEmailConfirmation')).statusCode).toBe(401);
  });

  it('limits resends per account, not per address: five in 15 minutes, then 429 for that account only', async () => {
    const first = await app.register();
    const second = await app.register();
    const resend = (user: { loginToken: string }) =>
      app.fastify.inject({
        url: '/api/account/resendEmailConfirmation',
        headers: { loginToken: user.loginToken },
        remoteAddress: '10.9.0.1',
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await resend(first)).statusCode).toBe(204);
    const limited = await resend(first);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Same address, another account: its own allowance.
    expect((await resend(second)).statusCode).toBe(204);
  });

  it('mints a short-lived single-use login code that signs in with a new token', async () => {
    const user = await app.register();
    const minted = await post('/api/auth/loginCode', {}, user.loginToken);
    expect(minted.statusCode).toBe(200);
    const { code, expiresAt } = minted.json();
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const signedIn = await post('/api/auth/autoLogin', { code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().userId).toBe(user.userId);
    expect(signedIn.json().loginToken).not.toBe(user.loginToken);
    const reused = await post('/api/auth/autoLogin', { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'TOKEN_INVALID', field: 'code' });
    expect((await post('/api/auth/loginCode', {})).statusCode).toBe(401);
  });

  it('refuses an expired login code', async () => {
    const user = await app.register();
    const { code } = (await post('/api/auth/loginCode', {}, user.loginToken)).json();
    await app.database.db
      .update(oneTimeCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeCodes.purpose, 'login'));
    expect((await post('/api/auth/autoLogin', { code })).statusCode).toBe(400);
    const row = await app.database.db.select().from(accounts).where(eq(accounts.id, user.userId));
    expect(row).toHaveLength(1);
  });
});
