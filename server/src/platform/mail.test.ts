import type { AddressInfo } from 'node:net';
import { isNull } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, findLinkInText, type TestApp, testDatabases } from '../../test/harness.ts';
import { outbox } from '../db/schema/index.ts';

interface Received {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that can refuse the next n messages. */
async function startSmtp() {
  const received: Received[] = [];
  let refuseNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refuseNext > 0) {
            refuseNext -= 1;
            const error = Object.assign(new Error('try again later'), { responseCode: 451 });
            return callback(error);
          }
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          received.push({ to: to ?? '', subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (count: number) => {
      refuseNext = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('mail over SMTP through the outbox on %s', (kind) => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await createTestApp(kind, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Convene <hello@convene.test>' },
    });
  });
  afterAll(async () => {
    await app.stop();
    await smtp.close();
  });

  it('delivers the registration confirmation mail with a working link to a real SMTP server', async () => {
    const user = await app.register({ email: 'smtp.user@example.com', name: 'Smtp User' });
    const pending = await app.database.db.select().from(outbox).where(isNull(outbox.doneAt));
    expect(pending.map((row) => row.kind)).toEqual(['mail']);
    await app.ctx.outbox.drain();
    const mail = smtp.received.find((message) => message.to === 'smtp.user@example.com');
    expect(mail?.subject).toBe('Confirm your Convene e-mail address');
    expect(mail?.text).toContain('Hello Smtp User,');
    const link = new URL(findLinkInText(mail?.text ?? '', '/api/account/confirmEmail?token='));
    const confirmed = await app.fastify.inject({ url: `${link.pathname}${link.search}` });
    expect(confirmed.headers.location).toBe('/login?emailConfirmed=1');
    const account = await app.fastify.inject({
      url: '/api/account',
      headers: { loginToken: user.loginToken },
    });
    expect(account.json().status).toBe('active');
  });

  it('retries a mail the server refused, and delivers it once', async () => {
    smtp.refuse(1);
    await app.register({ email: 'retry.user@example.com' });
    await app.ctx.outbox.drain();
    expect(smtp.received.filter((message) => message.to === 'retry.user@example.com')).toHaveLength(0);
    const [failed] = await app.database.db.select().from(outbox).where(isNull(outbox.doneAt));
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toContain('try again later');
    expect(failed?.runAt.getTime()).toBeGreaterThan(Date.now() + 3000);

    await app.database.db.update(outbox).set({ runAt: new Date() }).where(isNull(outbox.doneAt));
    await app.ctx.outbox.drain();
    await app.ctx.outbox.drain();
    expect(smtp.received.filter((message) => message.to === 'retry.user@example.com')).toHaveLength(1);
    expect(await app.database.db.$count(outbox, isNull(outbox.doneAt))).toBe(0);
  });
});
