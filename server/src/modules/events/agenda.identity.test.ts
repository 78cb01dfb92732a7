import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agendaItemFields } from '@convene/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { events, userEventStatuses } from '../../db/schema/index.ts';
import { seriesBounds } from './recurrence.ts';

/**
 * The agenda answers exactly what it answered before its queries and expansion were reworked
 * (issue 17): on a generated calendar with series (daily, weekly on several days, every other
 * week from Sunday, monthly, yearly, all-day, with COUNT and UNTIL, in four time zones),
 * changed and cancelled occurrences, deleted events, invitations linked into the viewer's own
 * calendar and RSVPs, every page of several walks (forward, backward, search with deleted
 * items, one calendar, chosen fields) must equal, byte for byte once the random ids of people
 * and calendars are replaced by names, the pages recorded from main before the change
 * (agenda.identity.fixture.json: each page's ids and the SHA-256 of its answer, written by
 * running this file once with RECORD_AGENDA_FIXTURE=1 on main at 2271900; "the web's agenda rows"
 * was added at e987163, before the presenter worked out only the fields asked for).
 */
const fixturePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'agenda.identity.fixture.json');

const hour = 3_600_000;
const day = 24 * hour;
const stamp = new Date('2030-01-01T00:00:00.000Z');
const id = (label: string) => createHash('md5').update(label).digest('hex');

/** A small deterministic generator (mulberry32), so the calendar is the same on every run. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * below);
  };
}

const zones = ['Europe/Bucharest', 'America/New_York', 'Asia/Kolkata', 'UTC'];
const location = { name: null, address: null, coordinates: null, radius: 50, autoAttendance: false };

describe.each(testDatabases())('agenda pages against the recorded ones on %s', (kind) => {
  let app: TestApp;
  /** Random ids (people, calendars) → stable names, applied to every answer. */
  const names = new Map<string, string>();
  let viewerToken = '';
  let sharedCalendar = '';
  const recorded: Record<string, unknown[]> = {};

  beforeAll(async () => {
    app = await createTestApp(kind);
    const { db } = app.database;
    const viewer = await insertSignedInUser(db, 'Vera Viewer');
    const other = await insertSignedInUser(db, 'Otto Other');
    viewerToken = viewer.loginToken;
    const own = await insertCalendar(db, viewer, [], { name: 'Own' });
    sharedCalendar = await insertCalendar(db, other, [{ user: viewer, role: 'member' }], { name: 'Shared' });
    const foreign = await insertCalendar(db, other, [], { name: 'Foreign' });
    const pending = await insertCalendar(db, other, [{ user: viewer, role: 'invitee' }], { name: 'Pending' });
    const personal = await db.query.calendars.findFirst({
      where: (row, { and, eq }) => and(eq(row.ownerId, viewer.userId), eq(row.isPersonal, true)),
    });
    if (!personal) throw new Error('the viewer has no personal calendar');
    for (const [value, label] of [
      [viewer.userId, 'VIEWER'],
      [other.userId, 'OTHER'],
      [own, 'CAL_OWN'],
      [sharedCalendar, 'CAL_SHARED'],
      [foreign, 'CAL_FOREIGN'],
      [pending, 'CAL_PENDING'],
      [personal.id, 'CAL_PERSONAL'],
    ] as const)
      names.set(value, label);

    const next = random(17);
    const owners = new Map([
      [own, viewer.userId],
      [sharedCalendar, other.userId],
      [foreign, other.userId],
      [pending, other.userId],
    ]);
    const base = (label: string, calendarId: string, start: Date, minutes: number, zone: string) => ({
      id: id(label),
      calendarId,
      ownerId: owners.get(calendarId) as string,
      name: `${next(4) === 0 ? 'Yoga' : 'Event'} ${label}`,
      startDate: start,
      endDate: new Date(start.getTime() + minutes * 60_000),
      startTimezone: zone,
      endTimezone: zone,
      location: next(3) === 0 ? { ...location, name: `Hall ${label}` } : location,
      kind: next(5) === 0 ? 'info' : 'classic',
      colorSettings: { type: 'dynamic' as const, cardColor: '4256c1' },
      extendedProperties: { shouldHideDates: false, shouldHideLocation: next(6) === 0 },
      attachments: next(3) === 0 ? [{ type: 'text', data: { text: `About ${label}` } }] : [],
      tags: next(4) === 0 ? ['tag'] : [],
      createdAt: stamp,
      updatedAt: stamp,
    });
    const calendarsInView = [own, sharedCalendar, sharedCalendar, foreign, pending];

    // 150 single events from March to May 2030 on 60 distinct starts (ties), some all day,
    // some deleted.
    const singles = Array.from({ length: 150 }, (_, index) => {
      const calendarId = calendarsInView[next(calendarsInView.length)] as string;
      const allDay = next(8) === 0;
      const startMs =
        Date.parse('2030-03-01T00:00:00.000Z') + (index % 60) * 29 * hour + next(4) * 15 * 60_000;
      const start = allDay ? new Date(Math.floor(startMs / day) * day) : new Date(startMs);
      return {
        ...base(
          `s${index}`,
          calendarId,
          start,
          allDay ? 24 * 60 : 30 + next(4) * 30,
          zones[next(4)] as string,
        ),
        isAllDay: allDay,
        deletedAt: next(15) === 0 ? stamp : null,
      };
    });
    const seriesSpecs: Array<[string, string, string, boolean, string]> = [
      ['FREQ=DAILY;COUNT=20', '2030-03-10T08:00:00.000Z', 'Europe/Bucharest', false, own],
      ['FREQ=WEEKLY;BYDAY=MO,TH', '2030-02-03T17:30:00.000Z', 'America/New_York', false, sharedCalendar],
      ['FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU;WKST=SU', '2030-03-05T04:00:00.000Z', 'Asia/Kolkata', false, own],
      ['FREQ=MONTHLY', '2029-11-15T09:00:00.000Z', 'Europe/Bucharest', false, sharedCalendar],
      ['FREQ=MONTHLY;BYDAY=2TU', '2029-12-10T15:00:00.000Z', 'UTC', false, foreign],
      ['FREQ=YEARLY', '2028-04-02T10:00:00.000Z', 'America/New_York', false, own],
      ['FREQ=DAILY;INTERVAL=3;UNTIL=20300420T000000Z', '2030-03-02T06:00:00.000Z', 'UTC', false, own],
      ['FREQ=WEEKLY', '2030-03-06T00:00:00.000Z', 'Europe/Bucharest', true, sharedCalendar],
      ['FREQ=DAILY', '2030-04-25T20:00:00.000Z', 'Europe/Bucharest', false, pending],
    ];
    const series = seriesSpecs.map(([rule, start, zone, allDay, calendarId], index) => {
      const startDate = new Date(start);
      const bounds = seriesBounds({
        id: id(`r${index}`),
        startDate,
        isAllDay: allDay,
        startTimezone: zone,
        repeatingRule: rule,
      });
      return {
        ...base(`r${index}`, calendarId, startDate, allDay ? 24 * 60 : 60, zone),
        isAllDay: allDay,
        repeatingRule: rule,
        seriesUntil: bounds.last,
      };
    });
    // Changed and cancelled occurrences: moved later, moved earlier, renamed, cancelled.
    const exception = (
      label: string,
      seriesIndex: number,
      original: string,
      start: string,
      changes: { name?: string; isCancelled?: boolean },
    ) => {
      const parent = series[seriesIndex] as (typeof series)[number];
      const duration = parent.endDate.getTime() - parent.startDate.getTime();
      return {
        ...parent,
        ...base(label, parent.calendarId, new Date(start), duration / 60_000, parent.startTimezone),
        isAllDay: parent.isAllDay,
        name: changes.name ?? parent.name,
        repeatingRule: null,
        seriesUntil: null,
        parentId: parent.id,
        occurrenceDate: new Date(original),
        isCancelled: changes.isCancelled ?? false,
        lastActionType: changes.isCancelled ? 'delete' : 'update',
      };
    };
    const exceptions = [
      exception('x0', 0, '2030-03-13T08:00:00.000Z', '2030-03-13T15:00:00.000Z', { name: 'Stand-up (late)' }),
      exception('x1', 0, '2030-03-14T08:00:00.000Z', '2030-03-14T08:00:00.000Z', { isCancelled: true }),
      exception('x2', 1, '2030-03-14T21:30:00.000Z', '2030-03-12T21:30:00.000Z', { name: 'Moved earlier' }),
      exception('x3', 3, '2030-04-15T09:00:00.000Z', '2030-05-02T09:00:00.000Z', { name: 'Review, late' }),
      exception('x4', 6, '2030-03-20T06:00:00.000Z', '2030-03-20T06:00:00.000Z', { isCancelled: true }),
      exception('x5', 7, '2030-03-27T00:00:00.000Z', '2030-03-28T00:00:00.000Z', {}),
    ];
    // Invitations from Other's foreign calendar, linked into the viewer's personal calendar.
    const invited = [
      { ...base('i0', foreign, new Date('2030-03-16T12:00:00.000Z'), 90, 'UTC'), isAllDay: false },
      {
        ...base('i1', foreign, new Date('2030-03-03T18:00:00.000Z'), 60, 'Europe/Bucharest'),
        isAllDay: false,
        repeatingRule: 'FREQ=WEEKLY;COUNT=8',
        seriesUntil: new Date('2030-04-21T17:00:00.000Z'),
      },
    ];
    const rows = [...singles, ...series, ...invited];
    await db.insert(events).values([...rows, ...exceptions]);
    const rsvps = ['pending', 'attending', 'notAttending', 'none'];
    const statuses = rows.flatMap((row, index): Array<typeof userEventStatuses.$inferInsert> => {
      const ownerRow: typeof userEventStatuses.$inferInsert = {
        id: id(`o${index}`),
        eventId: row.id,
        userId: row.ownerId,
        email: `${row.ownerId}@fixture.example`,
        name: 'Owner',
        rsvp: 'attending',
        eventStart: row.startDate,
        eventIsSeries: 'repeatingRule' in row && Boolean(row.repeatingRule),
        createdAt: stamp,
        updatedAt: stamp,
      };
      const guests = Array.from({ length: next(4) }, (_, guest) => ({
        ...ownerRow,
        id: id(`g${index}.${guest}`),
        userId: null,
        email: `guest${guest}@fixture.example`,
        name: `Guest ${guest}`,
        rsvp: rsvps[next(4)] as string,
        invitedById: row.ownerId,
        sharedAt: next(2) === 0 ? stamp : null,
      }));
      const viewerRow =
        row.ownerId !== viewer.userId && row.calendarId !== foreign && next(3) === 0
          ? [
              {
                ...ownerRow,
                id: id(`v${index}`),
                userId: viewer.userId,
                email: viewer.email,
                name: viewer.name,
                rsvp: rsvps[next(4)] as string,
                invitedById: row.ownerId,
                sharedAt: stamp,
              },
            ]
          : [];
      return [ownerRow, ...guests, ...viewerRow];
    });
    for (const row of invited) {
      statuses.push({
        id: id(`link-${row.id}`),
        eventId: row.id,
        userId: viewer.userId,
        email: viewer.email,
        name: viewer.name,
        rsvp: 'pending',
        eventStart: row.startDate,
        eventIsSeries: 'repeatingRule' in row,
        createdAt: stamp,
        updatedAt: stamp,
        invitedById: other.userId,
        sharedAt: stamp,
        linkCalendarId: personal.id,
      });
    }
    await db.insert(userEventStatuses).values(statuses);
  });
  afterAll(() => app.stop());

  const callAs = testCaller(() => app);

  /**
   * A page as recorded: its items' ids, and the SHA-256 of its whole answer (items and
   * nextPageToken) once every random id is replaced by its stable name.
   */
  function recordOf(text: string): { eventIds: string[]; sha256: string } {
    let result = text;
    for (const [value, label] of names) result = result.replaceAll(value, label);
    const page = JSON.parse(result) as { items: Array<{ eventId: string }> };
    return {
      eventIds: page.items.map((item) => item.eventId),
      sha256: createHash('sha256').update(result).digest('hex'),
    };
  }

  /** Follows nextPageToken from the first page (at most `pages` pages); answers each page's record. */
  async function walk(first: string, pages: number) {
    const answers: unknown[] = [];
    let url: string | null = first;
    while (url && answers.length < pages) {
      const response = await callAs('GET', url, viewerToken);
      expect(response.statusCode).toBe(200);
      answers.push(recordOf(response.body));
      const token = (response.json() as { nextPageToken?: string }).nextPageToken;
      url = token ? `${first}&pageToken=${token}` : null;
    }
    return answers;
  }

  const walks: Array<[string, () => string, number]> = [
    [
      'forward through the window',
      () => '/api/events?timeMin=2030-03-01T00:00:00.000Z&timeMax=2030-06-01T00:00:00.000Z&maxResults=25',
      30,
    ],
    ['backward from May', () => '/api/events?timeMax=2030-05-01T00:00:00.000Z&maxResults=20', 8],
    [
      'backward within a window',
      () => '/api/events?timeMin=2030-03-20T00:00:00.000Z&timeMax=2030-04-10T00:00:00.000Z&maxResults=15',
      20,
    ],
    [
      'search with deleted items',
      () => '/api/events?timeMin=2030-03-01T00:00:00.000Z&q=yoga&showDeleted=true&maxResults=10',
      20,
    ],
    [
      'deleted items, info only',
      () => '/api/events?timeMin=2030-03-01T00:00:00.000Z&kind=info&showDeleted=true&maxResults=10',
      20,
    ],
    [
      'one calendar',
      () => `/api/calendars/${sharedCalendar}/events?timeMin=2030-03-01T00:00:00.000Z&maxResults=12`,
      12,
    ],
    [
      'chosen fields',
      () =>
        '/api/events?timeMin=2030-03-25T00:00:00.000Z&maxResults=30&fields=name,startDate,occurrenceId,rsvpsStatistics',
      3,
    ],
    [
      "the web's agenda rows",
      () => `/api/events?timeMax=2030-04-15T00:00:00.000Z&maxResults=20&fields=${agendaItemFields.join(',')}`,
      6,
    ],
  ];

  it.each(walks)('%s: every page equals the recorded one', async (label, url, pages) => {
    const answers = await walk(url(), pages);
    expect(answers.length).toBeGreaterThan(1);
    if (process.env.RECORD_AGENDA_FIXTURE === '1') {
      recorded[label] = answers;
      return;
    }
    const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as Record<string, unknown[]>;
    expect(answers).toEqual(fixture[label]);
  });

  afterAll(() => {
    if (process.env.RECORD_AGENDA_FIXTURE === '1' && kind === testDatabases()[0])
      writeFileSync(fixturePath, `${JSON.stringify(recorded, null, 1)}\n`);
  });
});
