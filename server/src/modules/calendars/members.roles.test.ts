import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { type TestUser, useTestApp } from '../../../test/suite.ts';
import { calendarMembers, calendars, notifications } from '../../db/schema/index.ts';

type User = Pick<TestUser, 'userId' | 'email' | 'name' | 'loginToken'>;

/** Changing roles, removing people, cancelling invitations and leaving, by the role ladder. */
describe.each(testDatabases())('calendar people management on %s', (kind) => {
  const { app, owner, call } = useTestApp(kind, { ownerName: 'Olga Owner' });

  const memberIdOf = async (calendarId: string, userId: string) => {
    const [row] = await app.database.db
      .select()
      .from(calendarMembers)
      .where(and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.userId, userId)));
    return row?.id as string;
  };
  const rowOf = async (memberId: string) => {
    const [row] = await app.database.db
      .select()
      .from(calendarMembers)
      .where(eq(calendarMembers.id, memberId));
    return row;
  };
  const noticesOf = (userId: string, type: string) =>
    app.database.db.$count(
      notifications,
      and(eq(notifications.recipientId, userId), eq(notifications.type, type)),
    );
  const changeRole = async (by: User, calendarId: string, memberId: string, role: string) =>
    call('PUT', `/api/members/${memberId}`, by, { calendarId, role });
  const remove = async (by: User, calendarId: string, memberId: string) =>
    call('DELETE', '/api/share/calendar', by, { calendarId, memberId });

  /** A calendar with one person in each role. */
  async function team() {
    const [admin, admin2, manager, assistant, member] = await Promise.all(
      ['Ada Admin', 'Alex Admin', 'Mia Manager', 'Ana Assistant', 'Max Member'].map((name) =>
        insertSignedInUser(app.database.db, name),
      ),
    );
    const people = { admin, admin2, manager, assistant, member } as Record<string, User>;
    const calendarId = await insertCalendar(app.database.db, owner, [
      { user: admin as User, role: 'admin' },
      { user: admin2 as User, role: 'admin' },
      { user: manager as User, role: 'manager' },
      { user: assistant as User, role: 'assistant' },
      { user: member as User, role: 'member' },
    ]);
    const ids: Record<string, string> = { owner: await memberIdOf(calendarId, owner.userId) };
    for (const [role, user] of Object.entries(people)) ids[role] = await memberIdOf(calendarId, user.userId);
    return {
      calendarId,
      people: people as Record<'admin' | 'admin2' | 'manager' | 'assistant' | 'member', User>,
      ids,
    };
  }

  it('the owner gives a member a role with its flags; they are told and their screens refresh', async () => {
    const { calendarId, people, ids } = await team();
    const changed = await changeRole(owner, calendarId, ids.member as string, 'manager');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      memberId: ids.member,
      role: { name: 'manager' },
      permissions: { canView: true, canAdd: true, canEdit: true, canShare: false, isOwner: false },
      abilities: { changeRole: true, remove: true, offerOwnership: true },
      ownershipOffered: false,
    });
    const theirs = (await call('GET', `/api/calendars/${calendarId}`, people.member)).json();
    expect(theirs.calendarLink.permissions).toMatchObject({ canEdit: true, canShare: false });
    expect(theirs.abilities).toMatchObject({ edit: true, share: false, leave: true });

    const [told] = await app.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, people.member.userId), eq(notifications.calendarId, calendarId)),
      );
    expect(told).toMatchObject({
      type: 'calendarChanged',
      senderId: owner.userId,
      details: 'manager',
      payload: expect.objectContaining({ changes: { role: 'manager' } }),
    });
    expect(await listRealtimePayloads(app.database.db, people.member.userId, 'calendarLink')).toContainEqual({
      calendarId,
      lastActionType: 'update',
    });
    for (const other of [owner, people.admin, people.assistant]) {
      expect(await listRealtimePayloads(app.database.db, other.userId, 'calendarMembers')).toContainEqual({
        calendarId,
        memberId: ids.member,
        action: 'update',
      });
    }
    // The same role again changes nothing and tells no one.
    expect((await changeRole(owner, calendarId, ids.member as string, 'manager')).statusCode).toBe(200);
    expect(await noticesOf(people.member.userId, 'calendarChanged')).toBe(1);
  });

  it('follows the ladder: an admin manages the roles below theirs, nobody changes the owner or themself', async () => {
    const { calendarId, people, ids } = await team();
    const cases: Array<[User, string, string, number]> = [
      [people.admin, 'member', 'assistant', 200],
      [people.admin, 'assistant', 'manager', 200],
      [people.admin, 'manager', 'member', 200],
      [people.admin, 'member', 'admin', 403],
      [people.admin, 'admin2', 'member', 403],
      [people.admin, 'owner', 'member', 403],
      [people.admin, 'admin', 'member', 403],
      [people.manager, 'member', 'assistant', 403],
      [people.member, 'assistant', 'member', 403],
      [owner, 'owner', 'admin', 403],
      [owner, 'admin2', 'member', 200],
      [owner, 'member', 'admin', 200],
    ];
    for (const [by, target, role, status] of cases) {
      const response = await changeRole(by, calendarId, ids[target] as string, role);
      expect(response.statusCode, `${by.name} makes ${target} ${role}`).toBe(status);
    }
    expect((await rowOf(ids.owner as string))?.role).toBe('owner');
    expect((await rowOf(ids.admin as string))?.role).toBe('admin');
    expect((await rowOf(ids.admin2 as string))?.role).toBe('member');
    expect((await rowOf(ids.member as string))?.permissions).toMatchObject({ canShare: true, canEdit: true });
    const refused = await changeRole(people.admin, calendarId, ids.manager as string, 'admin');
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', field: 'role' });
  });

  it('shows each viewer what they may do with each person', async () => {
    const { calendarId, people, ids } = await team();
    const abilitiesSeenBy = async (viewer: User) => {
      const users = (await call('GET', `/api/calendar/users?calendarId=${calendarId}`, viewer)).json().users;
      return Object.fromEntries(
        Object.entries(ids).map(([role, memberId]) => [
          role,
          users.find((user: { memberId: string }) => user.memberId === memberId).abilities,
        ]),
      );
    };
    const none = { changeRole: false, remove: false, offerOwnership: false };
    const manage = { changeRole: true, remove: true, offerOwnership: false };
    expect(await abilitiesSeenBy(owner)).toEqual({
      owner: none,
      admin: { ...manage, offerOwnership: true },
      admin2: { ...manage, offerOwnership: true },
      manager: { ...manage, offerOwnership: true },
      assistant: { ...manage, offerOwnership: true },
      member: { ...manage, offerOwnership: true },
    });
    expect(await abilitiesSeenBy(people.admin)).toEqual({
      owner: none,
      admin: { ...none, remove: true },
      admin2: none,
      manager: manage,
      assistant: manage,
      member: manage,
    });
    expect(await abilitiesSeenBy(people.member)).toEqual({
      owner: none,
      admin: none,
      admin2: none,
      manager: none,
      assistant: none,
      member: { ...none, remove: true },
    });
  });

  it('refuses bad input with a 400 naming the field, and people outside the calendar with 404', async () => {
    const { calendarId, ids } = await team();
    const other = await insertCalendar(app.database.db, owner);
    const stranger = await insertSignedInUser(app.database.db, 'Stan Stranger');
    const bad: Array<[string, object, string]> = [
      [ids.member as string, { calendarId, role: 'owner' }, 'role'],
      [ids.member as string, { calendarId, role: 'superuser' }, 'role'],
      [ids.member as string, { calendarId }, 'role'],
      [ids.member as string, { role: 'member' }, 'calendarId'],
      [ids.member as string, { calendarId: 'x'.repeat(65), role: 'member' }, 'calendarId'],
      ['x'.repeat(65), { calendarId, role: 'member' }, 'memberId'],
    ];
    for (const [memberId, body, field] of bad) {
      const response = await call('PUT', `/api/members/${memberId}`, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ field });
    }
    expect((await rowOf(ids.member as string))?.role).toBe('member');
    expect((await changeRole(owner, other, ids.member as string, 'manager')).statusCode).toBe(404);
    expect((await changeRole(owner, calendarId, 'no-such-member', 'manager')).statusCode).toBe(404);
    expect((await changeRole(stranger, calendarId, ids.member as string, 'manager')).statusCode).toBe(404);
    expect((await remove(stranger, calendarId, ids.member as string)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/share/calendar', owner, { calendarId })).json()).toMatchObject({
      statusCode: 400,
      field: 'memberId',
    });
  });

  it('removes by the same ladder: an admin removes the roles below theirs, never another admin', async () => {
    const { calendarId, people, ids } = await team();
    expect((await remove(people.admin, calendarId, ids.admin2 as string)).statusCode).toBe(403);
    expect((await remove(people.admin, calendarId, ids.owner as string)).statusCode).toBe(403);
    expect((await remove(people.manager, calendarId, ids.member as string)).statusCode).toBe(403);
    expect((await remove(people.admin, calendarId, ids.manager as string)).statusCode).toBe(204);
    expect((await remove(owner, calendarId, ids.admin2 as string)).statusCode).toBe(204);
    expect(await rowOf(ids.manager as string)).toBeUndefined();
    expect(await rowOf(ids.admin2 as string)).toBeUndefined();
    for (const gone of [people.manager, people.admin2]) {
      expect((await call('GET', `/api/calendars/${calendarId}`, gone)).statusCode).toBe(404);
      expect(await listRealtimePayloads(app.database.db, gone.userId, 'calendarLink')).toContainEqual({
        calendarId,
        lastActionType: 'delete',
        reason: 'memberRemoved',
      });
    }
    expect(
      await listRealtimePayloads(app.database.db, people.member.userId, 'calendarMembers'),
    ).toContainEqual({
      calendarId,
      memberId: ids.manager,
      action: 'delete',
    });
  });

  it('cancels a pending invitation by name or by address; a sharer takes back only what they sent', async () => {
    const invitee = await app.register({ name: 'Ivo Invitee', confirmed: true });
    const sharer = await insertSignedInUser(app.database.db, 'Sam Sharer');
    const calendarId = await insertCalendar(app.database.db, owner, [{ user: sharer, role: 'member' }]);
    // The calendar's default lets every member invite (canShare), as a public one does.
    await app.database.db
      .update(calendarMembers)
      .set({ permissions: { canView: true, canAdd: false, canEdit: false, canShare: true, isOwner: false } })
      .where(eq(calendarMembers.id, await memberIdOf(calendarId, sharer.userId)));
    const invite = async (from: User, who: { userId?: string; email?: string }) => {
      const added = await call('POST', '/api/members', from, { calendarId, ...who });
      expect(added.statusCode).toBe(200);
      const memberId = added.json().memberId as string;
      const sent = await call('POST', '/api/share/calendar', from, {
        calendarId,
        memberId,
        recaptchaCode: await app.solveCaptcha(),
      });
      expect(sent.statusCode).toBe(200);
      return memberId;
    };
    const byName = await invite(owner, { userId: invitee.userId });
    const byAddress = await invite(sharer, { email: 'someone.else@example.com' });
    const people = (await call('GET', `/api/calendar/users?calendarId=${calendarId}`, sharer)).json().users;
    const seen = (memberId: string) =>
      people.find((user: { memberId: string }) => user.memberId === memberId);
    expect(seen(byName).abilities).toEqual({ changeRole: false, remove: false, offerOwnership: false });
    expect(seen(byAddress).abilities).toEqual({ changeRole: false, remove: true, offerOwnership: false });

    expect((await remove(sharer, calendarId, byName)).statusCode).toBe(403);
    expect((await remove(sharer, calendarId, byAddress)).statusCode).toBe(204);
    expect((await remove(owner, calendarId, byName)).statusCode).toBe(204);
    expect(await rowOf(byName)).toBeUndefined();
    expect(await rowOf(byAddress)).toBeUndefined();
    const pending = (await call('GET', '/api/notification/history?status=pending', invitee)).json();
    expect(pending.notifications).toEqual([]);
    // An invitation taken back is no removal: nobody is told they were removed.
    expect(await noticesOf(invitee.userId, 'shareCalendarRemove')).toBe(0);
  });

  it('lets a member leave, never the owner; the calendar says who may', async () => {
    const { calendarId, people, ids } = await team();
    const leaveOf = async (who: User, id: string) =>
      (await call('GET', `/api/calendars/${id}`, who)).json().abilities.leave;
    expect(await leaveOf(people.admin, calendarId)).toBe(true);
    expect(await leaveOf(owner, calendarId)).toBe(false);
    expect((await remove(owner, calendarId, ids.owner as string)).statusCode).toBe(403);
    const [personal] = await app.database.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.ownerId, owner.userId), eq(calendars.isPersonal, true)));
    const personalId = personal?.id as string;
    expect(await leaveOf(owner, personalId)).toBe(false);
    expect((await remove(owner, personalId, await memberIdOf(personalId, owner.userId))).statusCode).toBe(
      403,
    );

    // The calendar tells the viewer their own memberId, which leaving names.
    const own = (await call('GET', `/api/calendars/${calendarId}`, people.admin)).json().currentUser.memberId;
    expect(own).toBe(ids.admin);
    expect((await remove(people.admin, calendarId, own)).statusCode).toBe(204);
    const mine = (await call('GET', '/api/calendar/myCalendars', people.admin)).json();
    expect(mine.map((calendar: { calendarId: string }) => calendar.calendarId)).not.toContain(calendarId);
    expect(await listRealtimePayloads(app.database.db, people.admin.userId, 'calendarLink')).toContainEqual({
      calendarId,
      lastActionType: 'delete',
      reason: 'memberRemoved',
    });
    // Leaving is no removal: the leaver is not told they were removed.
    expect(await noticesOf(people.admin.userId, 'shareCalendarRemove')).toBe(0);
  });
});
