import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { type Method, testCaller } from '../../../test/call.ts';
import { insertSingleEvents } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { occurrenceId, occurrencesFrom } from './recurrence.ts';

type User = Awaited<ReturnType<TestApp['register']>>;
type Item = { eventId: string; startDate: string; name: string };

const windowStart = new Date('2030-03-01T00:00:00.000Z');
const windowEnd = new Date('2030-05-01T00:00:00.000Z');
const hour = 3_600_000;

describe.each(testDatabases())('agenda paging on %s', (kind) => {
  let app: TestApp;
  let viewer: User;
  let calendarA: string;
  let calendarB: string;
  /** Every item the window holds, as [start ms, eventId], in agenda order. */
  let expected: Array<[number, string]>;
  const names = new Map<string, string>();

  const callAs = testCaller(() => app);
  const call = (method: Method, url: string, payload?: object) => callAs(method, url, viewer, payload);
  const sortKey = (a: [number, string], b: [number, string]) =>
    a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

  beforeAll(async () => {
    app = await createTestApp(kind);
    viewer = await app.register({ name: 'Agnes Agenda' });
    calendarA = await insertCalendar(app.database.db, viewer, [], { name: 'A' });
    calendarB = await insertCalendar(app.database.db, viewer, [], { name: 'B' });
    // 480 single events on 120 distinct hours: every start is shared by four events (ties),
    // spread over two calendars; every tenth is a yoga class.
    const entries = Array.from({ length: 480 }, (_, index) => ({
      name: index % 10 === 0 ? `Yoga ${index}` : `Event ${index}`,
      start: new Date(windowStart.getTime() + 8 * hour + (index % 120) * 12 * hour),
      calendar: index % 3 === 0 ? 'B' : 'A',
    }));
    for (const [calendarId, which] of [
      [calendarA, 'A'],
      [calendarB, 'B'],
    ] as const) {
      const mine = entries.filter((entry) => entry.calendar === which);
      const ids = await insertSingleEvents(app.database.db, calendarId, viewer.userId, mine);
      ids.forEach((id, index) => {
        names.set(id, (mine[index] as { name: string }).name);
      });
    }
    expected = [];
    const singles = await app.database.db.query.events.findMany();
    for (const row of singles) expected.push([row.startDate.getTime(), row.id]);

    // Three series: a daily 10:00 Bucharest class across the DST change (same instants as
    // single events: ties between occurrences and events), a weekly yoga without end, and a
    // monthly meeting that started before the window.
    const series = [
      { name: 'Daily stand-up', startDate: '2030-03-20T08:00:00.000Z', repeatingRule: 'FREQ=DAILY;COUNT=30' },
      {
        name: 'Yoga weekly',
        startDate: '2030-03-04T16:00:00.000Z',
        repeatingRule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      },
      { name: 'Monthly review', startDate: '2029-11-15T09:00:00.000Z', repeatingRule: 'FREQ=MONTHLY' },
    ];
    for (const [index, entry] of series.entries()) {
      const start = new Date(entry.startDate);
      const created = await call('POST', '/api/event', {
        calendarId: index === 1 ? calendarB : calendarA,
        name: entry.name,
        startDate: entry.startDate,
        endDate: new Date(start.getTime() + hour).toISOString(),
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
        repeatingRule: entry.repeatingRule,
      });
      expect(created.statusCode).toBe(200);
      const seriesId = created.json().eventId as string;
      const shape = {
        id: seriesId,
        startDate: start,
        isAllDay: false,
        startTimezone: 'Europe/Bucharest',
        repeatingRule: entry.repeatingRule,
      };
      for (const occurrence of occurrencesFrom(shape, windowStart, 1000, windowEnd)) {
        const id = occurrenceId(seriesId, occurrence);
        expected.push([occurrence.getTime(), id]);
        names.set(id, entry.name);
      }
    }
    expected.sort(sortKey);
  });
  afterAll(() => app.stop());

  async function walk(url: (token?: string) => string, pageSize = 50) {
    const pages: Item[][] = [];
    let token: string | undefined;
    do {
      const response = await call('GET', url(token));
      expect(response.statusCode).toBe(200);
      const body = response.json() as { items: Item[]; nextPageToken?: string };
      pages.push(body.items);
      token = body.nextPageToken;
      if (token) expect(body.items).toHaveLength(pageSize);
      else expect(body.items.length).toBeLessThanOrEqual(pageSize);
      expect(pages.length).toBeLessThan(40);
    } while (token);
    return pages;
  }
  const ids = (items: Item[]) => items.map((item) => item.eventId);

  it('walks forward through every event and occurrence exactly once, in order', async () => {
    expect(expected.length).toBeGreaterThan(500);
    const range = `timeMin=${windowStart.toISOString()}&timeMax=${windowEnd.toISOString()}`;
    const pages = await walk((token) => `/api/events?${range}${token ? `&pageToken=${token}` : ''}`);
    const seen = pages.flat();
    expect(ids(seen)).toEqual(expected.map(([, id]) => id));
    for (const item of seen) expect(item.name).toBe(names.get(item.eventId));
  });

  it('walks backward from timeMax to the first event; each page ascending; the short page ends it', async () => {
    const pages = await walk(
      (token) => `/api/events?timeMax=${windowEnd.toISOString()}${token ? `&pageToken=${token}` : ''}`,
    );
    const before = pages.reverse().flat();
    // Without a lower bound the monthly series reaches back to its start in 2029.
    expect(ids(before).slice(-expected.length)).toEqual(expected.map(([, id]) => id));
    expect(before[0]?.name).toBe('Monthly review');
    expect(before[0]?.startDate).toBe('2029-11-15T09:00:00.000Z');
  });

  it('splits the timeline: forward from T and backward from T never share an item', async () => {
    const split = new Date(windowStart.getTime() + 20 * 24 * hour).toISOString();
    const forward = (await call('GET', `/api/events?timeMin=${split}&maxResults=50`)).json().items as Item[];
    const backward = (await call('GET', `/api/events?timeMax=${split}&maxResults=50`)).json().items as Item[];
    const at = expected.findIndex(([start]) => start >= Date.parse(split));
    expect(ids(forward)).toEqual(expected.slice(at, at + 50).map(([, id]) => id));
    expect(ids(backward)).toEqual(expected.slice(at - 50, at).map(([, id]) => id));
  });

  it('pages one calendar alone', async () => {
    const range = `timeMin=${windowStart.toISOString()}&timeMax=${windowEnd.toISOString()}`;
    const pages = await walk(
      (token) =>
        `/api/calendars/${calendarB}/events?${range}&maxResults=37${token ? `&pageToken=${token}` : ''}`,
      37,
    );
    const seen = pages.flat();
    const inB = await app.database.db.query.events.findMany({
      where: (row, { eq }) => eq(row.calendarId, calendarB),
    });
    const bIds = new Set(inB.map((row) => row.id));
    const expectedB = expected.filter(([, id]) => bIds.has(id.slice(0, 32)));
    expect(ids(seen)).toEqual(expectedB.map(([, id]) => id));
    expect(seen.every((item) => (item as Item & { calendarId: string }).calendarId === calendarB)).toBe(true);
  });

  it('searches by name, paged the same way', async () => {
    const range = `timeMin=${windowStart.toISOString()}&timeMax=${windowEnd.toISOString()}`;
    const pages = await walk((token) => `/api/events?${range}&q=YOGA${token ? `&pageToken=${token}` : ''}`);
    const seen = pages.flat();
    const yoga = expected.filter(([, id]) => names.get(id)?.toLowerCase().includes('yoga'));
    expect(yoga.length).toBeGreaterThan(50);
    expect(ids(seen)).toEqual(yoga.map(([, id]) => id));
  });

  it('answers only the requested fields, and 400 for a forged token or inverted window', async () => {
    const body = (
      await call('GET', `/api/events?timeMin=${windowStart.toISOString()}&maxResults=2&fields=name`)
    ).json();
    expect(Object.keys(body.items[0]).sort()).toEqual(['eventId', 'name']);
    const forged = Buffer.from(JSON.stringify({ v: 1, d: 'f', t: 'x', k: "' OR 1=1" })).toString('base64url');
    for (const query of [
      `pageToken=${forged}`,
      'pageToken=%%%',
      `timeMin=${windowEnd.toISOString()}&timeMax=${windowStart.toISOString()}`,
      'fields=password',
      'maxResults=51',
    ]) {
      const response = await call('GET', `/api/events?${query}`);
      expect(response.statusCode).toBe(400);
    }
  });

  it('changes and cancels one occurrence without touching the series', async () => {
    const daily = expected.filter(([, id]) => names.get(id) === 'Daily stand-up');
    const [, moveId] = daily[3] as [number, string];
    const [, cancelId] = daily[4] as [number, string];
    const seriesId = moveId.slice(0, 32);
    const occurrence = (await call('GET', `/api/events/${moveId}`)).json();
    expect(occurrence).toMatchObject({ eventId: moveId, occurrenceId: moveId, parentId: seriesId });
    const moved = await call('PUT', '/api/event', {
      eventId: moveId,
      calendarId: calendarA,
      scope: 'this',
      name: 'Stand-up (late)',
      startDate: '2030-03-23T15:00:00.000Z',
      endDate: '2030-03-23T15:30:00.000Z',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      eventId: moveId,
      name: 'Stand-up (late)',
      occurrenceDate: occurrence.startDate,
    });
    const cancelled = await call('DELETE', '/api/event', {
      calendarId: calendarA,
      eventId: cancelId,
      parentId: seriesId,
      scope: 'this',
    });
    expect(cancelled.statusCode).toBe(204);
    expect((await call('GET', `/api/events/${cancelId}`)).statusCode).toBe(404);

    const day = await call(
      'GET',
      `/api/calendars/${calendarA}/events?timeMin=2030-03-23T00:00:00.000Z&timeMax=2030-03-25T00:00:00.000Z&q=stand`,
    );
    expect(day.json().items.map((item: Item) => [item.eventId, item.name, item.startDate])).toEqual([
      [moveId, 'Stand-up (late)', '2030-03-23T15:00:00.000Z'],
    ]);
    const series = (await call('GET', `/api/events/${seriesId}`)).json();
    expect(series).toMatchObject({ name: 'Daily stand-up', repeatingRule: 'FREQ=DAILY;COUNT=30' });
    const withDeleted = await call(
      'GET',
      `/api/calendars/${calendarA}/events?timeMin=2030-03-24T00:00:00.000Z&timeMax=2030-03-25T00:00:00.000Z&q=stand&showDeleted=true`,
    );
    expect(withDeleted.json().items).toMatchObject([{ eventId: cancelId, lastActionType: 'delete' }]);
  });

  it('splits a series at "this and following" and ends it at "delete following"', async () => {
    const created = (
      await call('POST', '/api/event', {
        calendarId: calendarA,
        name: 'Choir',
        startDate: '2031-01-06T17:00:00.000Z',
        endDate: '2031-01-06T18:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
        repeatingRule: 'FREQ=WEEKLY;COUNT=6',
      })
    ).json();
    const third = `${created.eventId}_20310120T170000Z`;
    const split = await call('PUT', '/api/event', {
      eventId: third,
      calendarId: calendarA,
      scope: 'following',
      startDate: '2031-01-20T18:00:00.000Z',
      endDate: '2031-01-20T19:00:00.000Z',
    });
    expect(split.statusCode).toBe(200);
    expect(split.json()).toMatchObject({
      repeatingRule: 'FREQ=WEEKLY;COUNT=4',
      startDate: '2031-01-20T18:00:00.000Z',
    });
    const list = (
      await call('GET', `/api/calendars/${calendarA}/events?timeMin=2031-01-01T00:00:00.000Z&q=choir`)
    ).json();
    expect(list.items.map((item: Item) => item.startDate)).toEqual([
      '2031-01-06T17:00:00.000Z',
      '2031-01-13T17:00:00.000Z',
      '2031-01-20T18:00:00.000Z',
      '2031-01-27T18:00:00.000Z',
      '2031-02-03T18:00:00.000Z',
      '2031-02-10T18:00:00.000Z',
    ]);
    const tail = split.json().eventId as string;
    await call('DELETE', '/api/event', {
      calendarId: calendarA,
      eventId: `${tail}_20310203T180000Z`,
      scope: 'following',
    });
    const after = (
      await call('GET', `/api/calendars/${calendarA}/events?timeMin=2031-01-01T00:00:00.000Z&q=choir`)
    ).json();
    expect(after.items).toHaveLength(4);
  });

  it('keeps a weekly Bucharest series at 10:00 local across the spring change', async () => {
    const weekly = (
      await call('POST', '/api/event', {
        calendarId: calendarA,
        name: 'Weekly sync',
        startDate: '2032-03-15T08:00:00.000Z',
        endDate: '2032-03-15T09:00:00.000Z',
        startTimezone: 'Europe/Bucharest',
        endTimezone: 'Europe/Bucharest',
        repeatingRule: 'FREQ=WEEKLY',
      })
    ).json();
    const page = (
      await call(
        'GET',
        `/api/calendars/${calendarA}/events?timeMin=2032-03-01T00:00:00.000Z&maxResults=4&q=weekly%20sync`,
      )
    ).json();
    expect(page.items.map((item: Item) => item.startDate)).toEqual([
      '2032-03-15T08:00:00.000Z',
      '2032-03-22T08:00:00.000Z',
      '2032-03-29T07:00:00.000Z',
      '2032-04-05T07:00:00.000Z',
    ]);
    expect(page.items[2]).toMatchObject({
      eventId: `${weekly.eventId}_20320329T070000Z`,
      parentId: weekly.eventId,
      occurrenceDate: '2032-03-29T07:00:00.000Z',
      endDate: '2032-03-29T08:00:00.000Z',
      repeatingRule: 'FREQ=WEEKLY',
    });
    expect(page.nextPageToken).toEqual(expect.any(String));
  });
});
