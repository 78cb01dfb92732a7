import fs from 'node:fs/promises';
import path from 'node:path';
import type { ChatMessage, Conversation } from '@convene/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCalendar } from '../../../test/calendarFixtures.ts';
import { testCaller } from '../../../test/call.ts';
import { givePushDevices } from '../../../test/chatFixtures.ts';
import { createTestApp, type TestApp, testDatabases } from '../../../test/harness.ts';
import { calendarMembers, outbox } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<TestApp['register']>>;

describe.each(testDatabases())('calendar conversations on %s', (kind) => {
  let app: TestApp;
  let owner: User;
  beforeAll(async () => {
    app = await createTestApp(kind);
    owner = await app.register({ name: 'Cal Owner' });
  });
  afterAll(() => app.stop());
  const call = testCaller(() => app);

  /** Invites a registered person to the calendar through the API, and they accept. */
  async function join(calendarId: string, guest: User): Promise<void> {
    const added = await call('POST', '/api/members', owner, {
      calendarId,
      email: guest.email,
      name: guest.name,
    });
    expect(added.statusCode).toBe(200);
    const shared = await call('POST', '/api/share/calendar', owner, {
      calendarId,
      memberId: added.json().memberId,
      recaptchaCode: await app.solveCaptcha(),
    });
    expect(shared.statusCode).toBe(200);
    const [request] = (await call('GET', '/api/notification/history?status=pending', guest)).json()
      .notifications;
    const accepted = await call('GET', `/api/notification?token=${encodeURIComponent(request.token)}`, guest);
    expect(accepted.json().status).toBe('accepted');
  }

  const memberIdOf = async (calendarId: string, userId: string) => {
    const [row] = await app.database.db
      .select({ id: calendarMembers.id })
      .from(calendarMembers)
      .where(and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.userId, userId)));
    return row?.id as string;
  };

  it('follows the calendar: made with it, joined on acceptance, left on removal, unavailable once deleted', async () => {
    const gina = await app.register({ name: 'Gina Member', confirmed: true });
    const hugo = await app.register({ name: 'Hugo Member', confirmed: true });
    const calendar = (await call('POST', '/api/calendar', owner, { name: 'Choir' })).json();
    const chatId = calendar.linkedEntities.chatId as string;
    expect(chatId).toEqual(expect.any(String));
    const conversation = (await call('GET', `/api/conversations/${chatId}`, owner)).json() as Conversation;
    expect(conversation).toMatchObject({
      type: 'calendar',
      name: 'Choir',
      role: 'owner',
      linkedEntity: { linkedTo: calendar.calendarId },
      abilities: { send: true, leave: false, manageParticipants: false },
    });
    expect((await call('GET', `/api/conversations/${chatId}`, gina)).statusCode).toBe(404);

    await join(calendar.calendarId, gina);
    await join(calendar.calendarId, hugo);
    const people = (await call('GET', `/api/conversations/${chatId}/users`, gina)).json();
    expect(people.map((p: { userId: string }) => p.userId)).toEqual([gina.userId, owner.userId, hugo.userId]);
    expect((await call('GET', `/api/conversations/${chatId}`, gina)).json().unreadCount).toBe(1);

    // Gina turns "receive chat notices" off for this calendar: Hugo's message pushes only to the owner.
    await call('PUT', `/api/calendar/settings?calendarId=${calendar.calendarId}`, gina, {
      enableChatPushNotifications: false,
    });
    await givePushDevices(app.database.db, [owner.userId, gina.userId, hugo.userId]);
    const sent = (
      await call('POST', `/api/conversations/${chatId}/messages`, hugo, {
        message: 'Rehearsal at 6',
        clientKey: 'c1',
      })
    ).json() as ChatMessage;
    const pushes = (await app.database.db.select().from(outbox).where(eq(outbox.kind, 'chatPush')))
      .map((row) => row.payload as { messageId: string; recipientId: string })
      .filter((payload) => payload.messageId === sent.messageId);
    expect(pushes.map((payload) => payload.recipientId)).toEqual([owner.userId]);

    const removed = await call('DELETE', '/api/share/calendar', owner, {
      calendarId: calendar.calendarId,
      memberId: await memberIdOf(calendar.calendarId, hugo.userId),
    });
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', `/api/conversations/${chatId}`, hugo)).statusCode).toBe(404);
    const left = await call('DELETE', '/api/share/calendar', gina, {
      calendarId: calendar.calendarId,
      memberId: await memberIdOf(calendar.calendarId, gina.userId),
    });
    expect(left.statusCode).toBe(204);
    const history = (
      await call('GET', `/api/conversations/${chatId}/messages`, owner)
    ).json() as ChatMessage[];
    expect(history.map((m) => [m.type, m.message])).toEqual([
      ['system', 'chat.system.left'],
      ['system', 'chat.system.removed'],
      ['message', 'Rehearsal at 6'],
      ['system', 'chat.system.joined'],
      ['system', 'chat.system.joined'],
    ]);

    await call('PUT', `/api/calendar?calendarId=${calendar.calendarId}`, owner, { name: 'Big Choir' });
    expect((await call('GET', `/api/conversations/${chatId}`, owner)).json().name).toBe('Big Choir');
    expect((await call('DELETE', `/api/calendar?calendarId=${calendar.calendarId}`, owner)).statusCode).toBe(
      204,
    );
    const closed = (await call('GET', `/api/conversations/${chatId}`, owner)).json() as Conversation;
    expect(closed).toMatchObject({ status: 'unavailable', abilities: { send: false, mute: false } });
    const refused = await call('POST', `/api/conversations/${chatId}/messages`, owner, {
      message: 'x',
      clientKey: 'c2',
    });
    expect(refused.json()).toMatchObject({ statusCode: 403, message: 'chat.errors.unavailable' });
  });

  it('the migration gives calendars made before chat their conversation, with their members', async () => {
    const member = await app.register({ name: 'Old Member' });
    const calendarId = await insertCalendar(app.database.db, owner, [{ user: member, role: 'member' }], {
      name: 'Old Calendar',
    });
    const migration = await fs.readFile(
      path.join(import.meta.dirname, '../../db/migrations/0007_chat.sql'),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('-- Backfill:'));
    for (const statement of backfill.split('--> statement-breakpoint')) {
      await app.database.db.execute(sql.raw(statement));
    }
    const calendar = (await call('GET', `/api/calendars/${calendarId}`, owner)).json();
    const chatId = calendar.linkedEntities.chatId as string;
    const conversation = (await call('GET', `/api/conversations/${chatId}`, member)).json() as Conversation;
    expect(conversation).toMatchObject({ type: 'calendar', name: 'Old Calendar', role: 'participant' });
    const people = (await call('GET', `/api/conversations/${chatId}/users`, owner)).json();
    expect(people.map((p: { userId: string; role: string }) => [p.userId, p.role])).toEqual([
      [owner.userId, 'owner'],
      [member.userId, 'participant'],
    ]);
  });

  it('a block made in chat also silences that person’s calendar invitations to the blocker', async () => {
    const blocker = await app.register({ name: 'Quiet Person', confirmed: true });
    expect((await call('POST', `/api/users/${owner.userId}/block`, blocker)).statusCode).toBe(204);
    const calendar = (await call('POST', '/api/calendar', owner, { name: 'Pushy' })).json();
    const added = await call('POST', '/api/members', owner, {
      calendarId: calendar.calendarId,
      email: blocker.email,
      name: blocker.name,
    });
    await call('POST', '/api/share/calendar', owner, {
      calendarId: calendar.calendarId,
      memberId: added.json().memberId,
      recaptchaCode: await app.solveCaptcha(),
    });
    const feed = (await call('GET', '/api/notification/history?status=pending', blocker)).json();
    expect(feed.notifications).toEqual([]);
    await call('DELETE', `/api/users/${owner.userId}/block`, blocker);
  });

  it('gives a personal calendar no conversation', async () => {
    const mine = (await call('GET', '/api/calendar/myCalendars', owner)).json();
    expect(mine.find((c: { isPersonal: boolean }) => c.isPersonal).linkedEntities.chatId).toBeNull();
  });
});
