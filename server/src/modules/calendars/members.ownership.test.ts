import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { insertSignedInUser } from '../../../test/eventFixtures.ts';
import { testDatabases } from '../../../test/harness.ts';
import { listRealtimePayloads } from '../../../test/realtime.ts';
import { useTestApp } from '../../../test/suite.ts';
import {
  calendarMembers,
  calendars,
  conversationParticipants,
  notifications,
} from '../../db/schema/index.ts';

type User = { userId: string; email: string; name: string; loginToken: string };

/** Handing a calendar over: offer, accept, decline, cancel, and what is refused. */
describe.each(testDatabases())('calendar ownership offers on %s', (kind) => {
  const { app, call } = useTestApp(kind);

  const memberIdOf = async (calendarId: string, userId: string) => {
    const [row] = await app.database.db
      .select()
      .from(calendarMembers)
      .where(and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.userId, userId)));
    return row?.id as string;
  };
  const offer = async (by: User, calendarId: string, memberId: string) =>
    call('POST', `/api/calendars/${calendarId}/ownershipOffer`, by, { memberId });
  const feed = async (user: User) =>
    (await call('GET', '/api/notification/history', user)).json().notifications as Array<{
      notificationType: string;
      status: string | null;
      token: string | null;
      sender: { userId: string } | null;
      calendar: { calendarId: string } | null;
      payload: { changes?: Record<string, unknown> | null };
    }>;
  const pendingOffer = async (user: User, calendarId: string) =>
    (await feed(user)).find(
      (item) =>
        item.notificationType === 'shareCalendarOwnerChange' &&
        item.status === 'pending' &&
        item.calendar?.calendarId === calendarId,
    );
  const answer = async (user: User, token: string, accept: boolean) =>
    call(accept ? 'GET' : 'DELETE', `/api/notification?token=${encodeURIComponent(token)}`, user);

  /** A shared calendar (created through the API, so it has its conversation) with an admin and a member. */
  async function setUp() {
    const db = app.database.db;
    const [owner, admin, member, invitee] = await Promise.all(
      ['Olga Owner', 'Ada Admin', 'Max Member', 'Ivo Invitee'].map((name) => insertSignedInUser(db, name)),
    );
    const created = await call('POST', '/api/calendar', owner as User, { name: 'Choir' });
    expect(created.statusCode).toBe(200);
    const calendarId = created.json().calendarId as string;
    await db.insert(calendarMembers).values(
      (
        [
          [admin, 'admin', true],
          [member, 'member', true],
          [invitee, 'member', false],
        ] as const
      ).map(([user, role, isConfirmed]) => ({
        id: `${calendarId.slice(0, 20)}-${user?.userId.slice(0, 8)}`,
        calendarId,
        userId: user?.userId as string,
        email: user?.email as string,
        name: user?.name as string,
        role,
        permissions:
          role === 'admin'
            ? { canView: true, canAdd: true, canEdit: true, canShare: true, isOwner: false }
            : { canView: true, canAdd: false, canEdit: false, canShare: false, isOwner: false },
        isConfirmed,
        settings: { enableETA: false, enableNotices: true, enableChatPushNotifications: true, order: 0 },
        invitedById: owner?.userId as string,
      })),
    );
    const people = { owner, admin, member, invitee } as Record<
      'owner' | 'admin' | 'member' | 'invitee',
      User
    >;
    return { calendarId, ...people };
  }

  it('offers the calendar to a member, who accepts: they own it, the old owner is an admin and is told', async () => {
    const { calendarId, owner, admin, member } = await setUp();
    const memberId = await memberIdOf(calendarId, member.userId);
    const offered = await offer(owner, calendarId, memberId);
    expect(offered.statusCode).toBe(200);
    expect(offered.json()).toMatchObject({ memberId, ownershipOffered: true });
    expect((await call('GET', `/api/calendars/${calendarId}`, owner)).json().abilities).toMatchObject({
      cancelOwnershipOffer: true,
    });
    const people = (await call('GET', `/api/calendar/users?calendarId=${calendarId}`, admin)).json().users;
    expect(people.find((user: { memberId: string }) => user.memberId === memberId).ownershipOffered).toBe(
      true,
    );
    expect(await listRealtimePayloads(app.database.db, admin.userId, 'calendarMembers')).toContainEqual({
      calendarId,
      memberId,
      action: 'update',
    });

    const request = await pendingOffer(member, calendarId);
    expect(request).toMatchObject({ sender: { userId: owner.userId } });
    const accepted = await answer(member, request?.token as string, true);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().status).toBe('accepted');

    const seenByNewOwner = (await call('GET', `/api/calendars/${calendarId}`, member)).json();
    expect(seenByNewOwner).toMatchObject({
      isOwner: true,
      owner: { userId: member.userId },
      abilities: { delete: true, leave: false, cancelOwnershipOffer: false },
    });
    const seenByOldOwner = (await call('GET', `/api/calendars/${calendarId}`, owner)).json();
    expect(seenByOldOwner).toMatchObject({
      isOwner: false,
      calendarLink: { permissions: { canEdit: true, canShare: true, isOwner: false } },
      abilities: { delete: false, changeTitle: false, leave: true },
    });
    const [oldOwnerRow] = await app.database.db
      .select()
      .from(calendarMembers)
      .where(eq(calendarMembers.id, await memberIdOf(calendarId, owner.userId)));
    expect(oldOwnerRow?.role).toBe('admin');
    const [row] = await app.database.db.select().from(calendars).where(eq(calendars.id, calendarId));
    expect(row).toMatchObject({ ownerId: member.userId, ownershipOfferMemberId: null });

    expect((await feed(owner))[0]).toMatchObject({
      notificationType: 'shareCalendarNotifyOwner',
      sender: { userId: member.userId },
      payload: { changes: { role: 'admin' } },
    });
    for (const who of [owner, member]) {
      expect(await listRealtimePayloads(app.database.db, who.userId, 'calendarLink')).toContainEqual({
        calendarId,
        lastActionType: 'update',
      });
    }
    // The calendar's conversation follows: the new owner owns it, the old one stays in it.
    const places = await app.database.db
      .select({ userId: conversationParticipants.userId, role: conversationParticipants.role })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, seenByNewOwner.linkedEntities.chatId));
    expect(places).toContainEqual({ userId: member.userId, role: 'owner' });
    expect(places).toContainEqual({ userId: owner.userId, role: 'participant' });
    // The new owner now manages the old one; the old one cannot take it back.
    expect((await offer(owner, calendarId, memberId)).statusCode).toBe(403);
    const demote = await call('PUT', `/api/members/${oldOwnerRow?.id}`, member, {
      calendarId,
      role: 'member',
    });
    expect(demote.statusCode).toBe(200);
  });

  it('a member declines: the owner is told and the offer is gone', async () => {
    const { calendarId, owner, member } = await setUp();
    const memberId = await memberIdOf(calendarId, member.userId);
    await offer(owner, calendarId, memberId);
    const request = await pendingOffer(member, calendarId);
    const declined = await answer(member, request?.token as string, false);
    expect(declined.json().status).toBe('rejected');
    expect((await feed(owner))[0]).toMatchObject({
      notificationType: 'shareCalendarOwnerRejected',
      sender: { userId: member.userId },
    });
    const calendar = (await call('GET', `/api/calendars/${calendarId}`, owner)).json();
    expect(calendar).toMatchObject({ isOwner: true, abilities: { cancelOwnershipOffer: false } });
    const [row] = await app.database.db.select().from(calendars).where(eq(calendars.id, calendarId));
    expect(row?.ownershipOfferMemberId).toBeNull();
  });

  it('the owner takes the offer back: the request leaves the member’s feed and they are told', async () => {
    const { calendarId, owner, member, admin } = await setUp();
    await offer(owner, calendarId, await memberIdOf(calendarId, member.userId));
    const request = await pendingOffer(member, calendarId);
    expect((await call('DELETE', `/api/calendars/${calendarId}/ownershipOffer`, admin)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/calendars/${calendarId}/ownershipOffer`, owner)).statusCode).toBe(204);
    expect(await pendingOffer(member, calendarId)).toBeUndefined();
    expect((await feed(member))[0]).toMatchObject({
      notificationType: 'shareCalendarCancelOwnerChange',
      sender: { userId: owner.userId },
    });
    expect((await answer(member, request?.token as string, true)).statusCode).toBe(404);
    expect((await call('GET', `/api/calendars/${calendarId}`, owner)).json().isOwner).toBe(true);
    // Nothing is pending any more.
    expect((await call('DELETE', `/api/calendars/${calendarId}/ownershipOffer`, owner)).statusCode).toBe(403);
  });

  it('one offer at a time: offering another member cancels the first; the same member again keeps it', async () => {
    const { calendarId, owner, member, admin } = await setUp();
    await offer(owner, calendarId, await memberIdOf(calendarId, member.userId));
    expect((await offer(owner, calendarId, await memberIdOf(calendarId, member.userId))).statusCode).toBe(
      200,
    );
    const first = await pendingOffer(member, calendarId);
    expect(
      await app.database.db.$count(
        notifications,
        and(eq(notifications.recipientId, member.userId), eq(notifications.type, 'shareCalendarOwnerChange')),
      ),
    ).toBe(1);
    expect((await offer(owner, calendarId, await memberIdOf(calendarId, admin.userId))).statusCode).toBe(200);
    expect(await pendingOffer(member, calendarId)).toBeUndefined();
    expect((await feed(member))[0]?.notificationType).toBe('shareCalendarCancelOwnerChange');
    expect((await answer(member, first?.token as string, true)).statusCode).toBe(404);
    const second = await pendingOffer(admin, calendarId);
    expect((await answer(admin, second?.token as string, true)).statusCode).toBe(200);
    expect((await call('GET', `/api/calendars/${calendarId}`, admin)).json().isOwner).toBe(true);
  });

  it('an offered member who is removed takes the offer with them; accepting a stale offer is refused', async () => {
    const { calendarId, owner, member, admin } = await setUp();
    const memberId = await memberIdOf(calendarId, member.userId);
    await offer(owner, calendarId, memberId);
    const request = await pendingOffer(member, calendarId);
    expect((await call('DELETE', '/api/share/calendar', owner, { calendarId, memberId })).statusCode).toBe(
      204,
    );
    expect(await pendingOffer(member, calendarId)).toBeUndefined();
    expect(
      (await call('GET', `/api/calendars/${calendarId}`, owner)).json().abilities.cancelOwnershipOffer,
    ).toBe(false);
    expect((await answer(member, request?.token as string, true)).statusCode).toBe(404);

    // A request whose offer ended some other way (here: by hand) cannot be accepted: 409, nothing changes.
    await offer(owner, calendarId, await memberIdOf(calendarId, admin.userId));
    const stale = await pendingOffer(admin, calendarId);
    await app.database.db
      .update(calendars)
      .set({ ownershipOfferMemberId: null })
      .where(eq(calendars.id, calendarId));
    const refused = await answer(admin, stale?.token as string, true);
    expect(refused.statusCode).toBe(409);
    expect((await call('GET', `/api/calendars/${calendarId}`, owner)).json().isOwner).toBe(true);
    expect((await pendingOffer(admin, calendarId))?.status).toBe('pending');
  });

  it('refuses offers the policy does not allow, and bad input', async () => {
    const { calendarId, owner, admin, member, invitee } = await setUp();
    const stranger = await insertSignedInUser(app.database.db, 'Stan Stranger');
    const ids = {
      owner: await memberIdOf(calendarId, owner.userId),
      member: await memberIdOf(calendarId, member.userId),
      invitee: await memberIdOf(calendarId, invitee.userId),
    };
    expect((await offer(admin, calendarId, ids.member)).statusCode).toBe(403);
    expect((await offer(member, calendarId, ids.member)).statusCode).toBe(403);
    expect((await offer(owner, calendarId, ids.owner)).statusCode).toBe(403);
    expect((await offer(owner, calendarId, ids.invitee)).statusCode).toBe(403);
    expect((await offer(stranger, calendarId, ids.member)).statusCode).toBe(404);
    expect((await offer(owner, calendarId, 'no-such-member')).statusCode).toBe(404);
    const other = await insertCalendar(app.database.db, owner);
    expect((await offer(owner, other, ids.member)).statusCode).toBe(404);
    for (const body of [{}, { memberId: '' }, { memberId: 'x'.repeat(65) }, { memberId: 7 }]) {
      const response = await call('POST', `/api/calendars/${calendarId}/ownershipOffer`, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ field: 'memberId' });
    }
    // A personal calendar is never handed over, even to someone who joined it.
    const [personal] = await app.database.db
      .select()
      .from(calendars)
      .where(and(eq(calendars.ownerId, owner.userId), eq(calendars.isPersonal, true)));
    const personalId = personal?.id as string;
    await insertCalendarMember(personalId, member);
    const refused = await offer(owner, personalId, await memberIdOf(personalId, member.userId));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('A personal calendar cannot be handed over');
    const people = (await call('GET', `/api/calendar/users?calendarId=${personalId}`, owner)).json().users;
    expect(
      people.every((user: { abilities: { offerOwnership: boolean } }) => !user.abilities.offerOwnership),
    ).toBe(true);
    expect(await pendingOffer(member, calendarId)).toBeUndefined();
  });

  async function insertCalendarMember(calendarId: string, user: User) {
    await app.database.db.insert(calendarMembers).values({
      id: `${calendarId.slice(0, 20)}-${user.userId.slice(0, 8)}`,
      calendarId,
      userId: user.userId,
      email: user.email,
      name: user.name,
      role: 'member',
      permissions: { canView: true, canAdd: false, canEdit: false, canShare: false, isOwner: false },
      isConfirmed: true,
      settings: { enableETA: false, enableNotices: true, enableChatPushNotifications: true, order: 0 },
    });
  }
});
