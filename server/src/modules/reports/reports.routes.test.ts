import { profileMessages as m } from '@convene/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { userReports } from '../../db/schema/index.ts';

describe.each(testDatabases())('reports on %s', (kind) => {
  let app: TestApp;
  let reporter: Awaited<ReturnType<TestApp['register']>>;
  beforeAll(async () => {
    app = await createTestApp(kind);
    reporter = await app.register();
  });
  afterAll(() => app.stop());

  const report = (token: string | undefined, userId: string, reason: unknown) =>
    app.fastify.inject({
      method: 'POST',
      url: `/api/users/${userId}/reports`,
      headers: token ? { loginToken: token } : {},
      payload: { reason },
    });
  const rowsAbout = (userId: string) =>
    app.database.db
      .select()
      .from(userReports)
      .where(and(eq(userReports.reporterId, reporter.userId), eq(userReports.reportedId, userId)));

  it('files a report with 201 (reason trimmed, support mailed) and answers a second one with 429', async () => {
    const target = await app.register();
    expect((await report(undefined, target.userId, 'spam')).statusCode).toBe(401);
    const first = await report(reporter.loginToken, target.userId, '  Sends spam invitations.  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reportId: expect.any(String) });
    const rows = await rowsAbout(target.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reason).toBe('Sends spam invitations.');
    // A kicked background drain may hold the row for a moment; wait for the file.
    let mail: string | undefined;
    for (let attempt = 0; attempt < 50 && !mail; attempt++) {
      mail = (await app.mails()).find((text) => text.includes('Sends spam invitations.'));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mail).toContain('To: support@convene.local');

    const second = await report(reporter.loginToken, target.userId, 'Again');
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      statusCode: 429,
      code: 'ALREADY_REPORTED',
      message: 'You have already submitted a report for this user.',
    });
    expect(await rowsAbout(target.userId)).toHaveLength(1);
  });

  it('keeps exactly one report when ten identical reports arrive at once', async () => {
    const target = await app.register();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => report(reporter.loginToken, target.userId, 'Harassment')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(429)]);
    expect(await rowsAbout(target.userId)).toHaveLength(1);
  });

  it('refuses reporting oneself (400), unknown users (404) and bad reasons (400), writing nothing', async () => {
    const target = await app.register();
    expect((await report(reporter.loginToken, reporter.userId, 'me')).json()).toMatchObject({
      statusCode: 400,
      field: 'userId',
    });
    expect((await report(reporter.loginToken, 'nobody', 'spam')).statusCode).toBe(404);
    const cases = [
      ['   ', m.reasonRequired],
      ['x'.repeat(1001), m.reasonTooLong],
      ['a\u0000b', m.textInvalid],
      [undefined, m.reasonRequired],
    ] as const;
    for (const [reason, message] of cases) {
      const response = await report(reporter.loginToken, target.userId, reason);
      expect(response.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message, field: 'reason' });
    }
    expect(await rowsAbout(target.userId)).toHaveLength(0);
    expect(await rowsAbout(reporter.userId)).toHaveLength(0);
    expect((await report(reporter.loginToken, target.userId, 'x'.repeat(1000))).statusCode).toBe(201);
  });
});
