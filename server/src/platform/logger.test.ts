import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeMail, findLink, type TestApp } from '../../test/harness.ts';
import { createLogger, redactUrl } from './logger.ts';

describe('logs', () => {
  let app: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    app = await createTestApp('pglite', { build: { logger: createLogger('trace', sink) } });
  });
  afterAll(() => app.stop());

  it('never contain a password, login token, bot-check answer or mailed code, even at trace level', async () => {
    const password = 'Sup3r-Secret-Pw';
    const user = await app.register({ password, email: 'logged@example.com' });
    const secrets = [password, user.loginToken];
    const inject = app.fastify.inject.bind(app.fastify);

    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wr0ng-Secret-Pw' },
    });
    expect(wrong.statusCode).toBe(403);
    secrets.push('Wr0ng-Secret-Pw');
    const tooLong = `${'L0ng-Secret'.repeat(4)}`;
    await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Long', email: 'l@example.com', password: tooLong, recaptchaCode: 'x' },
    });
    secrets.push(tooLong);
    const second = (
      await inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } })
    ).json();
    secrets.push(second.loginToken);
    await inject({ url: '/api/account', headers: { loginToken: second.loginToken } });
    await inject({ url: '/api/account', headers: { authorization: `Bearer ${second.loginToken}` } });

    const recaptchaCode = await app.solveCaptcha();
    secrets.push(recaptchaCode);
    await inject({
      method: 'POST',
      url: '/api/account/resetPassword',
      payload: { email: user.email, recaptchaCode },
    });
    const mails = await app.mails();
    // Mails drained together may share a millisecond: pick each by what it links to.
    const withLink = (part: string) => mails.find((mail) => decodeMail(mail).includes(part)) as string;
    const resetToken = new URL(
      findLink(withLink('/reset-password?token='), '/reset-password?token='),
    ).searchParams.get('token') as string;
    const confirm = new URL(findLink(withLink('confirmEmail'), 'confirmEmail'));
    secrets.push(resetToken, confirm.searchParams.get('token') as string);
    await inject({ url: `${confirm.pathname}${confirm.search}` });
    await inject({
      method: 'POST',
      url: '/api/account/resetPassword/confirm',
      payload: { token: resetToken, password: 'N3w-Secret-Pw' },
    });
    secrets.push('N3w-Secret-Pw');
    const fresh = (
      await inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: 'N3w-Secret-Pw' },
      })
    ).json();
    const { code } = (
      await inject({ method: 'POST', url: '/api/auth/loginCode', headers: { loginToken: fresh.loginToken } })
    ).json();
    secrets.push(fresh.loginToken, code);
    await inject({ method: 'POST', url: '/api/auth/autoLogin', payload: { code } });

    const log = lines.join('');
    expect(log).toContain('/api/auth/login');
    expect(log).toContain('[Redacted]');
    for (const secret of secrets) expect(log, 'a secret reached the log').not.toContain(secret);
  });

  it('strips secrets from logged urls', () => {
    expect(redactUrl('/api/account/confirmEmail?token=abc&x=1')).toBe(
      '/api/account/confirmEmail?token=[Redacted]&x=1',
    );
    expect(redactUrl('/auto-login/abcdef?x=1')).toBe('/auto-login/[Redacted]?x=1');
    expect(redactUrl('/reset-password?a=1&token=abc')).toBe('/reset-password?a=1&token=[Redacted]');
  });
});
