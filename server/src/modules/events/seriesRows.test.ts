import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';

type Item = { eventId: string; name: string; startDate: string };

/**
 * The agenda keeps the rows of running series between pages (seriesRows.ts) and reads a row
 * again only when its version (xmin) moved. Writes that bypass the app's services entirely (raw
 * SQL here, as another process or an operator might make them) must still show on the next
 * page: nothing has to tell the store.
 */
describe.each(testDatabases())('agenda series rows kept between pages on %s', (kind) => {
  let app: TestApp;
  let viewer: Awaited<ReturnType<TestApp['register']>>;
  let seriesId = '';
  const call = testCaller(() => app);
  const page = async () => {
    const response = await call(
      'GET',
      '/api/events?timeMin=2031-01-01T00:00:00.000Z&timeMax=2031-01-29T00:00:00.000Z',
      viewer,
    );
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: Item[] }).items;
  };

  beforeAll(async () => {
    app = await createTestApp(kind);
    viewer = await app.register({ name: 'Stella Store' });
    const calendarId = await insertCalendar(app.database.db, viewer, [], { name: 'Classes' });
    const created = await call('POST', '/api/event', viewer, {
      calendarId,
      name: 'Weekly pottery',
      startDate: '2031-01-06T16:00:00.000Z',
      endDate: '2031-01-06T17:00:00.000Z',
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
      repeatingRule: 'FREQ=WEEKLY',
    });
    expect(created.statusCode).toBe(200);
    seriesId = created.json().eventId as string;
  });
  afterAll(() => app.stop());

  it('shows a series changed behind the app’s back on the very next page', async () => {
    const before = await page();
    expect(before.map((item) => item.name)).toEqual(Array(4).fill('Weekly pottery'));
    // Twice: the first page put the row in the store, the second read it from there.
    expect(await page()).toEqual(before);

    await app.database.db.execute(
      sql`UPDATE events SET name = 'Pottery, new room', start_date = start_date + interval '1 day',
        end_date = end_date + interval '1 day' WHERE id = ${seriesId}`,
    );
    const after = await page();
    expect(after.map((item) => item.name)).toEqual(Array(4).fill('Pottery, new room'));
    expect(after.map((item) => item.startDate)).toEqual([
      '2031-01-07T16:00:00.000Z',
      '2031-01-14T16:00:00.000Z',
      '2031-01-21T16:00:00.000Z',
      '2031-01-28T16:00:00.000Z',
    ]);
  });

  it('drops a series deleted behind the app’s back', async () => {
    expect((await page()).length).toBe(4);
    await app.database.db.execute(sql`UPDATE events SET deleted_at = now() WHERE id = ${seriesId}`);
    expect(await page()).toEqual([]);
  });
});
