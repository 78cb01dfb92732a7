import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness.ts';
import type { Database } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';
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
