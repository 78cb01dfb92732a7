import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('events: create, read, edit, delete on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  let member: User;
  let calendarId: string;
  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await app.register({ name: 'Olivia Owner' });
    member = await app.register({ name: 'Mara Member' });
    calendarId = await insertCalendar(app.database.db, owner, [{ user: member, role: 'member' }], {
      name: 'Club',
    });
  });
  afterAll(() => app.stop());

  const call = testCaller(() => app);
  const basic = {
    name: 'Board meeting',
    startDate: '2030-05-10T10:00:00.000Z',
    endDate: '2030-05-10T11:00:00.000Z',
    startTimezone: 'Europe/Bucharest',
    endTimezone: 'Europe/Bucharest',
  };

  it('creates an event with every default of PRODUCT.md §1.3 and the owner attending', async () => {
    const created = await call('POST', '/api/event', owner, { calendarId, ...basic });
    expect(created.statusCode).toBe(200);
    const event = created.json();
    expect(event).toMatchObject({
      name: 'Board meeting',
      description: null,
      isAllDay: false,
      isMultiDay: false,
      calendarId,
      originatingCalendarId: calendarId,
      originatingCalendar: { calendarId, name: 'Club', userLink: { permissions: { isOwner: true } } },
      owner: { userId: owner.userId, name: 'Olivia Owner' },
      location: { name: null, address: null, coordinates: null, radius: 50, autoAttendance: false },
      hexColor: '4256c1',
      kind: 'classic',
      rsvpType: 1,
      tags: [],
      colorSettings: { type: 'dynamic', cardColor: '4256c1' },
      extendedProperties: { shouldHideDates: false, shouldHideLocation: false },
      reminders: [],
      attachments: [],
      livestreams: { count: 0, max: 4, streams: [] },
      // The calendar's member is in the loop from the start.
      rsvpsStatistics: { pending: 0, attending: 1, notAttending: 0, none: 1 },
      userEventStatus: { statuses: { rsvp: 'attending', attendance: 'unknown' } },
      repeatingRule: null,
      occurrenceId: null,
      parentId: null,
      permissions: { canEdit: true, canRemove: false, canShare: true, isOwner: true },
      lastActionType: 'create',
    });
    expect(event.eventId).toMatch(/^[0-9a-f]{32}$/);
    // The abilities the event policy computes from those permissions travel with the event.
    expect(event.abilities).toEqual({
      editEvent: true,
      deleteEvent: true,
      removeEvent: false,
      shareEvent: true,
      seeInvitedAddresses: true,
      seeHiddenDetails: true,
      startStream: true,
    });

    const feed = (await call('GET', '/api/notification/history', member)).json().notifications;
    expect(feed[0]).toMatchObject({
      notificationType: 'eventAddedToCalendar',
      event: { eventId: event.eventId, name: 'Board meeting', isAllDay: false, kind: 'classic' },
      calendar: { calendarId },
    });
    const seen = (await call('GET', `/api/events/${event.eventId}`, member)).json();
    expect(seen).toMatchObject({
      permissions: { canEdit: false, canShare: false },
      userEventStatus: { statuses: { rsvp: 'none' } },
    });
    const reminders = await call('GET', `/api/events/${event.eventId}?fields=reminders`, member);
    expect(reminders.json()).toEqual({ eventId: event.eventId, reminders: [] });
  });

  it('stores every field the form sets, the description as the first text attachment', async () => {
    const event = (
      await call('POST', '/api/event', owner, {
        calendarId,
        ...basic,
        description: 'Bring the report',
        location: { name: 'Hall', address: 'Main St 1', coordinates: '44.43, 26.1' },
        hexColor: '#FF0000',
        tags: ['work'],
        reminders: [{ fireInterval: 900 }],
        attachments: [{ type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } }],
        extendedProperties: { shouldHideLocation: true },
        livestreams: { max: 2 },
      })
    ).json();
    expect(event).toMatchObject({
      description: 'Bring the report',
      location: { name: 'Hall', coordinates: '44.43,26.1', radius: 50 },
      hexColor: 'ff0000',
      colorSettings: { type: 'dynamic', cardColor: 'ff0000' },
      tags: ['work'],
      reminders: [{ fireInterval: 900 }],
      extendedProperties: { shouldHideDates: false, shouldHideLocation: true },
      livestreams: { max: 2 },
      attachments: [
        { type: 'text', data: { text: 'Bring the report' } },
        { type: 'video', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
      ],
    });
  });

  it('spreads an all-day event over whole GMT days', async () => {
    const event = (
      await call('POST', '/api/event', owner, {
        calendarId,
        ...basic,
        isAllDay: true,
        startDate: '2030-05-10T00:00:00.000Z',
        endDate: '2030-05-11T00:00:00.000Z',
      })
    ).json();
    expect(event).toMatchObject({
      startDate: '2030-05-10T00:00:00.000Z',
      endDate: '2030-05-11T23:59:59.999Z',
      isMultiDay: true,
    });
  });

  it.each([
    [{ name: 'ab' }, 'name', 'event.errors.nameLength'],
    [{ name: ' Gym' }, 'name', 'event.errors.nameInvalid'],
    [{ description: '   ' }, 'description', 'event.errors.descriptionInvalid'],
    [{ endDate: '2030-05-10T09:00:00.000Z' }, 'endDate', 'event.errors.endBeforeStart'],
    [{ startTimezone: 'Moon/Base' }, 'startTimezone', 'event.errors.timezoneInvalid'],
    [{ repeatingRule: 'FREQ=MINUTELY' }, 'repeatingRule', 'event.errors.repeatingRuleInvalid'],
    [{ repeatingRule: 'FREQ=DAILY;UNTIL=20200101' }, 'repeatingRule', 'event.errors.repeatingRuleInvalid'],
    [{ startDate: '1800-01-01T00:00:00.000Z' }, 'startDate', 'event.errors.dateInvalid'],
    [
      { attachments: [{ type: 'video', data: { url: 'https://evil.example/v' } }] },
      'attachments.0.data.url',
      'event.errors.videoLinkInvalid',
    ],
    [
      {
        attachments: [{ type: 'button', data: { color: '#000000', text: 'Go', url: 'javascript:alert(1)' } }],
      },
      'attachments.0.data.url',
      'event.errors.urlInvalid',
    ],
  ])('refuses %j with 400 on %s', async (change, field, message) => {
    const response = await call('POST', '/api/event', owner, { calendarId, ...basic, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field, message });
  });

  it('edits, moves and deletes; RSVP holders hear of it', async () => {
    const other = await insertCalendar(app.database.db, owner, [], { name: 'Other' });
    const event = (await call('POST', '/api/event', owner, { calendarId, ...basic })).json();
    const edited = await call('PUT', '/api/event', owner, {
      eventId: event.eventId,
      calendarId,
      name: 'Board meeting (moved)',
      startDate: '2030-05-10T12:00:00.000Z',
      endDate: '2030-05-10T13:30:00.000Z',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Board meeting (moved)',
      startDate: '2030-05-10T12:00:00.000Z',
      lastActionType: 'update',
      hexColor: '4256c1',
    });
    const badEnd = await call('PUT', '/api/event', owner, {
      eventId: event.eventId,
      calendarId,
      endDate: '2030-05-10T11:00:00.000Z',
    });
    expect(badEnd.json()).toMatchObject({ statusCode: 400, field: 'endDate' });
    const moved = await call('PUT', '/api/event', owner, { eventId: event.eventId, calendarId: other });
    expect(moved.json()).toMatchObject({ calendarId: other, originatingCalendar: { name: 'Other' } });
    expect((await call('GET', `/api/events/${event.eventId}`, member)).statusCode).toBe(404);

    const wrongCalendar = await call('DELETE', '/api/event', owner, { calendarId, eventId: event.eventId });
    expect(wrongCalendar.json()).toMatchObject({ statusCode: 400, field: 'calendarId' });
    const deleted = await call('DELETE', '/api/event', owner, { calendarId: other, eventId: event.eventId });
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/events/${event.eventId}`, owner)).statusCode).toBe(404);
  });

  it('deleting a calendar deletes its events', async () => {
    const doomed = await insertCalendar(app.database.db, owner, [], { name: 'Doomed' });
    const event = (await call('POST', '/api/event', owner, { calendarId: doomed, ...basic })).json();
    expect((await call('DELETE', `/api/calendar?calendarId=${doomed}`, owner)).statusCode).toBe(204);
    expect((await call('GET', `/api/events/${event.eventId}`, owner)).statusCode).toBe(404);
    const agenda = (await call('GET', '/api/events?timeMin=2030-01-01T00:00:00.000Z', owner)).json();
    expect(agenda.items.map((item: { eventId: string }) => item.eventId)).not.toContain(event.eventId);
  });

  it('tells the people holding an RSVP when the event changes or is deleted; a pending invitation goes', async () => {
    const guest = await app.register({ name: 'Gabi Guest', confirmed: true });
    const event = (await call('POST', '/api/event', owner, { calendarId, ...basic, name: 'Picnic' })).json();
    const added = await call('POST', '/api/userEventStatuses', owner, {
      email: guest.email,
      groupId: calendarId,
      eventId: event.eventId,
    });
    await call('POST', '/api/share/event', owner, {
      userEventStatusId: added.json().userEventStatusId,
      groupId: calendarId,
      eventId: event.eventId,
      recaptchaCode: await app.solveCaptcha(),
    });
    await call('PUT', '/api/event', owner, { eventId: event.eventId, calendarId, name: 'Picnic (indoors)' });
    const changed = (await call('GET', '/api/notification/history', guest)).json().notifications;
    expect(changed[0]).toMatchObject({
      notificationType: 'eventChanged',
      event: { eventId: event.eventId, name: 'Picnic (indoors)' },
      payload: { changes: { name: 'Picnic (indoors)' } },
    });
    await call('DELETE', '/api/event', owner, { calendarId, eventId: event.eventId });
    const feed = (await call('GET', '/api/notification/history', guest)).json().notifications;
    expect(feed[0]).toMatchObject({ notificationType: 'eventDeleted', event: { eventId: event.eventId } });
    expect(feed.some((row: { notificationType: string }) => row.notificationType === 'shareEvent')).toBe(
      false,
    );
    // The calendar's member is in the loop of its events from the start, so they hear of it too.
    const memberFeed = (await call('GET', '/api/notification/history', member)).json().notifications;
    expect(
      memberFeed.some((row: { notificationType: string }) => row.notificationType === 'eventDeleted'),
    ).toBe(true);
    // Someone who holds nothing of the event hears nothing.
    const stranger = await app.register({ name: 'Sara Stranger' });
    expect((await call('GET', '/api/notification/history', stranger)).json().notifications).toEqual([]);
  });
});
