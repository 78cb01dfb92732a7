import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/harness.ts';
import { queuedRealtime } from '../../test/realtime.ts';
import { subscribers } from '../app.ts';
import type { Database } from '../db/connect.ts';
import { notifications, outbox } from '../db/schema/index.ts';
import { createRecorder, type SubscriberMap } from './domainEvents.ts';
import { addToOutbox } from './outbox.ts';

interface TestEvents {
  'thing.renamed': { thingId: string; name: string };
  'thing.deleted': { thingId: string };
}

describe('domain events', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase('pglite'));
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const seen: string[] = [];
  const subscribers = {
    'thing.renamed': [
      async (_tx, event, ctx) => {
        seen.push(`${ctx.prefix}first:${event.thingId}:${event.name}`);
      },
      async (tx, event) => {
        await addToOutbox(tx, 'realtime', {
          userId: event.thingId,
          message: 'account',
          payload: { userId: event.thingId, action: 'update' },
        });
      },
    ],
    'thing.deleted': [],
  } satisfies SubscriberMap<TestEvents, { prefix: string }>;
  const record = createRecorder<TestEvents, { prefix: string }>(subscribers, () => ({ prefix: '>' }));

  it('runs the subscribers of the recorded type, in order, with the context', async () => {
    await database.db.transaction((tx) => record(tx, { type: 'thing.renamed', thingId: 'a1', name: 'New' }));
    await database.db.transaction((tx) => record(tx, { type: 'thing.deleted', thingId: 'a1' }));
    expect(seen).toEqual(['>first:a1:New']);
    expect(await database.db.$count(outbox, eq(outbox.kind, 'realtime'))).toBe(1);
  });

  it('writes consequences in the recording transaction: a rollback leaves none', async () => {
    const before = await database.db.$count(outbox);
    await expect(
      database.db.transaction(async (tx) => {
        await record(tx, { type: 'thing.renamed', thingId: 'b2', name: 'Gone' });
        throw new Error('the change fails after recording');
      }),
    ).rejects.toThrow('the change fails');
    expect(await database.db.$count(outbox)).toBe(before);
  });
});

describe('the app’s recorder (ctx.record)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp('pglite');
  });
  afterAll(async () => {
    await app.stop();
  });

  const deleted = (calendarId: string, actorId: string, memberIds: string[]) =>
    ({
      type: 'calendar.deleted',
      calendarId,
      actorId,
      calendar: { calendarId, name: 'Choir', color: '#4256c1', visibility: 'private' },
      memberIds,
    }) as const;
  const rowsOf = (calendarId: string) =>
    app.database.db.$count(notifications, eq(notifications.calendarId, calendarId));

  it('runs the subscribers listed in app.ts: notification rows and realtime outbox rows', async () => {
    const [owner, member] = [await app.register(), await app.register()];
    await app.database.db.transaction((tx) =>
      app.ctx.record(tx, deleted('cal-kept', owner.userId, [owner.userId, member.userId])),
    );
    const [row] = await app.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.calendarId, 'cal-kept'));
    expect(row).toMatchObject({ recipientId: member.userId, type: 'calendarDeleted' });
    const realtime = await queuedRealtime(app.database.db);
    expect(realtime).toEqual(
      expect.arrayContaining([
        { userId: member.userId, message: 'notification', payload: { notificationId: row?.id } },
        {
          userId: member.userId,
          message: 'calendarLink',
          payload: { calendarId: 'cal-kept', lastActionType: 'delete', reason: 'calendarDeleted' },
        },
        {
          userId: owner.userId,
          message: 'calendar',
          payload: { calendarId: 'cal-kept', lastActionType: 'delete' },
        },
      ]),
    );
  });

  it('writes the consequences in the recording transaction: a rollback leaves no notification row', async () => {
    const [owner, member] = [await app.register(), await app.register()];
    const before = await app.database.db.$count(outbox);
    await expect(
      app.database.db.transaction(async (tx) => {
        await app.ctx.record(tx, deleted('cal-gone', owner.userId, [owner.userId, member.userId]));
        throw new Error('the deletion fails after recording');
      }),
    ).rejects.toThrow('the deletion fails');
    expect(await rowsOf('cal-gone')).toBe(0);
    expect(
      await app.database.db.$count(
        notifications,
        and(eq(notifications.recipientId, member.userId), eq(notifications.type, 'calendarDeleted')),
      ),
    ).toBe(0);
    expect(await app.database.db.$count(outbox)).toBe(before);
  });
});

describe('the subscriber map wired in app.ts', () => {
  it('gives every domain event type at least one consequence', () => {
    const withoutConsequence = Object.entries(subscribers)
      .filter(([, list]) => list.length === 0)
      .map(([type]) => type);
    expect(withoutConsequence).toEqual([]);
  });

  it('has the one invitations flow’s types and those of the consequences no service decides any more', () => {
    expect(Object.keys(subscribers)).toEqual(
      expect.arrayContaining([
        'invitation.sent',
        'invitation.attached',
        'invitation.answered',
        'invitation.withdrawn',
        'event.removedFromCalendar',
        'series.split',
        'calendar.eventsDeleted',
        'rsvp.created',
      ]),
    );
    for (const gone of ['calendarInvitation.sent', 'eventInvitation.sent', 'calendarMember.removed']) {
      expect(Object.keys(subscribers)).not.toContain(gone);
    }
  });
});
