import type { Calendar } from '@convene/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { calendarMembers, calendars, notifications } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('calendars on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  let other: User;
  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await app.register({ name: 'Olivia Owner' });
    other = await app.register({ name: 'Oscar Other' });
  });
  afterAll(() => app.stop());

  const call = testCaller(() => app);
  const cover = { url: '/media/photos/a/full.jpg', croppedUrl: '/media/photos/a/crop.jpg' };

  it('lists the personal calendar created at registration, with every field of the spec', async () => {
    const list = (await call('GET', '/api/calendar/myCalendars?ignoreDeleted=true', owner)).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: 'Olivia Owner',
      visibility: 'private',
      color: '#4256c1',
      isPersonal: true,
      isOwner: true,
      owner: { userId: owner.userId, name: 'Olivia Owner' },
      defaultPermissions: { canView: true, canAdd: true, canEdit: false, canShare: true },
      calendarSettings: { enableETA: false, enableNotices: true, enableChatPushNotifications: true },
      currentUser: { status: 'confirmed', isOwner: true, permissions: { canEdit: true, canShare: true } },
      calendarLink: { isOwner: true, isPersonal: true },
      linkedEntities: { chatId: null },
      users_count: 1,
      lastActionType: 'create',
    });
  });

  it('creates a private calendar that lets members add, and opens it', async () => {
    const created = await call('POST', '/api/calendar', owner, {
      name: 'Book club',
      details: 'Monthly reads',
    });
    expect(created.statusCode).toBe(200);
    const calendar = created.json();
    expect(calendar).toMatchObject({
      name: 'Book club',
      visibility: 'private',
      details: 'Monthly reads',
      defaultPermissions: { canView: true, canAdd: true, canEdit: false, canShare: true },
      isPersonal: false,
      isOwner: true,
    });
    expect(calendar.calendarId).toMatch(/^[0-9a-f]{32}$/);
    const fetched = await call('GET', `/api/calendars/${calendar.calendarId}`, owner);
    expect(fetched.json().name).toBe('Book club');
    const names = (await call('GET', '/api/calendar/myCalendars', owner))
      .json()
      .map((c: { name: string }) => c.name);
    expect(names).toEqual(['Olivia Owner', 'Book club']);
  });

  it.each([
    [{ name: '' }, 'name', 'calendar.errors.titleRequired'],
    [{ name: '   ' }, 'name', 'calendar.errors.titleRequired'],
    [{ name: ' Club' }, 'name', 'calendar.errors.emptySpaces'],
    [{ name: 'ab' }, 'name', 'calendar.errors.titleInvalid'],
    [{ name: 'Open air', visibility: 'public' }, 'coverPhoto', 'calendar.errors.imageRequired'],
    [{ name: 'Colours', color: 'red' }, 'color', 'calendar.errors.colorInvalid'],
    [
      { name: 'Cover', coverPhoto: { url: 'javascript:alert(1)', croppedUrl: '/media/x.jpg' } },
      'coverPhoto.url',
      'calendar.errors.imageInvalid',
    ],
  ])('refuses %j with 400 on %s and creates nothing', async (body, field, message) => {
    const before = await app.database.db.$count(calendars);
    const response = await call('POST', '/api/calendar', owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', field, message });
    expect(await app.database.db.$count(calendars)).toBe(before);
  });

  it('creates a public calendar with its cover and shows it to strangers', async () => {
    const created = (
      await call('POST', '/api/calendar', owner, {
        name: 'Open air',
        visibility: 'public',
        coverPhoto: cover,
      })
    ).json();
    expect(created.coverPhoto).toEqual(cover);
    const seen = await call('GET', `/api/calendars/${created.calendarId}`, other);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      currentUser: null,
      calendarLink: null,
      isOwner: false,
      defaultPermissions: { canShare: true },
    });
    expect((await call('GET', '/api/calendar/myCalendars', other)).json()).toHaveLength(1);
  });

  it('hides a private calendar from strangers exactly like a missing one', async () => {
    const id = await insertCalendar(app.database.db, owner);
    const hidden = await call('GET', `/api/calendars/${id}`, other);
    const missing = await call('GET', '/api/calendars/doesnotexist', other);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
  });

  it('sends each viewer the abilities the calendar policy computes for them', async () => {
    const list = (await call('GET', '/api/calendar/myCalendars', owner)).json() as Calendar[];
    const personal = list.find((calendar) => calendar.isPersonal);
    expect(personal?.abilities).toEqual({
      addEvent: true,
      edit: true,
      changeTitle: true,
      changeVisibility: true,
      delete: false,
      share: true,
      seeInvitedAddresses: true,
      seeMembers: true,
      changeOwnSettings: true,
      grantAdd: true,
      grantEdit: true,
      grantShare: true,
      leave: false,
      cancelOwnershipOffer: false,
    });
    const open = (
      await call('POST', '/api/calendar', owner, {
        name: 'Park runs',
        visibility: 'public',
        coverPhoto: cover,
      })
    ).json() as Calendar;
    expect(open.abilities.delete).toBe(true);
    const seen = (await call('GET', `/api/calendars/${open.calendarId}`, other)).json() as Calendar;
    expect(Object.values(seen.abilities).some(Boolean)).toBe(false);
  });

  it('lets only the owner change title and visibility; editors change the rest', async () => {
    const editor = await app.register();
    const id = await insertCalendar(app.database.db, owner, [{ user: editor, role: 'manager' }]);
    const details = await call('PUT', `/api/calendar?calendarId=${id}`, editor, {
      details: 'New notes',
      color: '#112233',
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      details: 'New notes',
      color: '#112233',
      lastActionType: 'update',
    });
    const rename = await call('PUT', `/api/calendar?calendarId=${id}`, editor, { name: 'Renamed' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().field).toBe('name');
    const renamed = await call('PUT', `/api/calendar?calendarId=${id}`, owner, { name: 'Renamed' });
    expect(renamed.json().name).toBe('Renamed');
    const publicNoCover = await call('PUT', `/api/calendar?calendarId=${id}`, owner, {
      visibility: 'public',
    });
    expect(publicNoCover.json()).toMatchObject({
      statusCode: 400,
      field: 'coverPhoto',
      message: 'calendar.errors.imageRequired',
    });
    const notes = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, owner.userId));
    expect(notes.some((n) => n.type === 'calendarChanged' && n.senderId === editor.userId)).toBe(true);
  });

  it('never makes a personal calendar public', async () => {
    const [personal] = (await call('GET', '/api/calendar/myCalendars', owner)).json();
    const response = await call('PUT', `/api/calendar?calendarId=${personal.calendarId}`, owner, {
      visibility: 'public',
      coverPhoto: cover,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      field: 'visibility',
      message: 'calendar.errors.personalNotPublic',
    });
  });

  it('saves each member’s own settings', async () => {
    const member = await app.register();
    const id = await insertCalendar(app.database.db, owner, [{ user: member, role: 'member' }]);
    const saved = await call('PUT', `/api/calendar/settings?calendarId=${id}`, member, {
      enableNotices: false,
      enableETA: true,
    });
    expect(saved.json().calendarSettings).toMatchObject({
      enableNotices: false,
      enableETA: true,
      enableChatPushNotifications: true,
    });
    const ownerView = (await call('GET', `/api/calendars/${id}`, owner)).json();
    expect(ownerView.calendarSettings.enableNotices).toBe(true);
    const bad = await call('PUT', `/api/calendar/settings?calendarId=${id}`, member, { enableNotices: 'no' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'enableNotices' });
  });

  it('deletes a calendar for good: 204, members removed, everyone told', async () => {
    const member = await app.register();
    const id = await insertCalendar(app.database.db, owner, [{ user: member, role: 'admin' }]);
    expect((await call('DELETE', `/api/calendar?calendarId=${id}`, member)).statusCode).toBe(403);
    const deleted = await call('DELETE', `/api/calendar?calendarId=${id}`, owner);
    expect(deleted.statusCode).toBe(204);
    expect(await app.database.db.$count(calendarMembers, eq(calendarMembers.calendarId, id))).toBe(0);
    expect((await call('GET', `/api/calendars/${id}`, owner)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/calendar/myCalendars', member))
        .json()
        .map((c: { calendarId: string }) => c.calendarId),
    ).not.toContain(id);
    const told = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, member.userId));
    expect(told.map((n) => n.type)).toContain('calendarDeleted');
    // The member's open screen learns it was deleted, not that they were removed (PRODUCT.md §1.4).
    const realtime = await listRealtimePayloads(app.database.db, member.userId, 'calendarLink');
    expect(realtime).toContainEqual({
      calendarId: id,
      lastActionType: 'delete',
      reason: 'calendarDeleted',
    });
    const [personal] = (await call('GET', '/api/calendar/myCalendars', owner)).json();
    expect((await call('DELETE', `/api/calendar?calendarId=${personal.calendarId}`, owner)).statusCode).toBe(
      403,
    );
  });
});
