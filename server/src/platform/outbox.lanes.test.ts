import { eq, isNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testDatabases } from '../../test/harness.ts';
import { type Database, openDatabase } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';
import {
  addManyToOutbox,
  addToOutbox,
  type OutboxHandlers,
  type OutboxPayloads,
  OutboxWorker,
  outboxKindsWritten,
} from './outbox.ts';
import type { RealtimeEnvelope } from './realtime.ts';
import { transact } from './transaction.ts';

const silent = pino({ level: 'silent' });

const envelope = (userId: string, index: number): RealtimeEnvelope => ({
  userId,
  message: 'calendar',
  payload: { calendarId: `cal-${index}`, lastActionType: 'update' },
});

/** Whom a realtime row is for (these tests record one-user rows). */
const userOf = (payload: OutboxPayloads['realtime']) =>
  'userId' in payload ? payload.userId : payload.userIds.join(',');

const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' };

describe.each(testDatabases())('outbox lanes on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    opened = await openTestDatabase(kind);
    database = opened.database;
  });
  afterAll(async () => {
    await database.close();
    await opened.drop();
  });
  beforeEach(async () => {
    await database.db.delete(outbox);
  });

  /** Handlers that record what they delivered; mails wait until released. */
  function recordingHandlers() {
    const published: string[] = [];
    const mailed: string[] = [];
    let release: () => void = () => undefined;
    const mailGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handlers: OutboxHandlers = {
      realtime: async (payload) => {
        published.push(`${userOf(payload)}:${(payload.payload as { calendarId: string }).calendarId}`);
      },
      mail: async (payload) => {
        await mailGate;
        mailed.push(payload.to);
      },
      push: async () => undefined,
      chatPush: async () => undefined,
      streams: async () => undefined,
    };
    return { handlers, published, mailed, release };
  }

  it('publishes realtime messages while a slow mail delivery is still running', async () => {
    const { handlers, published, mailed, release } = recordingHandlers();
    const worker = new OutboxWorker(database.db, handlers, silent, 60_000);
    worker.start();
    try {
      await database.db.transaction((tx) => addToOutbox(tx, 'mail', mail));
      worker.kick();
      // The mail is claimed and its delivery hangs; then a realtime message is committed.
      await expect.poll(() => database.db.$count(outbox, sql`${outbox.attempts} = 1`)).toBe(1);
      await database.db.transaction((tx) => addManyToOutbox(tx, 'realtime', [envelope('u1', 1)]));
      worker.kick();
      await expect.poll(() => published).toEqual(['u1:cal-1']);
      expect(mailed).toEqual([]);
      release();
      await expect.poll(() => mailed).toEqual(['someone@example.com']);
    } finally {
      release();
      await worker.stop();
    }
    await worker.drain();
    expect(await database.db.$count(outbox, isNull(outbox.doneAt))).toBe(0);
  });

  it('delivers more rows than one round claims, each once and in the order recorded', async () => {
    const { handlers, published } = recordingHandlers();
    const worker = new OutboxWorker(database.db, handlers, silent);
    const envelopes = Array.from({ length: 1203 }, (_, index) => envelope(`u${index % 7}`, index));
    await database.db.transaction((tx) => addManyToOutbox(tx, 'realtime', envelopes));
    await worker.drain();
    expect(published).toEqual(envelopes.map((item, index) => `${item.userId}:cal-${index}`));
    const attempts = await database.db
      .select({ attempts: outbox.attempts, count: sql<number>`count(*)::int` })
      .from(outbox)
      .groupBy(outbox.attempts);
    expect(attempts).toEqual([{ attempts: 1, count: 1203 }]);
  });

  it('leaves a failed row for a later retry with its error, and completes the rest of its round', async () => {
    const published: string[] = [];
    const handlers: OutboxHandlers = {
      realtime: async (payload) => {
        if (userOf(payload) === 'broken') throw new Error('socket layer down');
        published.push(userOf(payload));
      },
      mail: async () => undefined,
      push: async () => undefined,
      chatPush: async () => undefined,
      streams: async () => undefined,
    };
    const worker = new OutboxWorker(database.db, handlers, silent);
    await database.db.transaction((tx) =>
      addManyToOutbox(tx, 'realtime', [envelope('a', 1), envelope('broken', 2), envelope('b', 3)]),
    );
    await worker.drain();
    expect(published).toEqual(['a', 'b']);
    const [failed] = await database.db.select().from(outbox).where(isNull(outbox.doneAt));
    expect(failed).toMatchObject({ attempts: 1, lastError: 'socket layer down' });
    expect(failed?.runAt.getTime()).toBeGreaterThan(Date.now() + 3000);
  });

  it('a commit wakes only the lanes of the kinds it wrote, and one that wrote none wakes nothing', async () => {
    const { handlers, published, mailed, release } = recordingHandlers();
    release();
    // A poll a minute away: only a kick delivers within this test.
    const worker = new OutboxWorker(database.db, handlers, silent, 60_000);
    const ctx = { db: database.db, outbox: worker };
    worker.start();
    try {
      expect(await transact(ctx, async (tx) => outboxKindsWritten(tx))).toEqual([]);
      await transact(ctx, (tx) => addToOutbox(tx, 'mail', mail));
      await expect.poll(() => mailed).toEqual(['someone@example.com']);
      // A mail row left without a kick stays queued while realtime commits wake their lane alone.
      await database.db.transaction((tx) => addToOutbox(tx, 'mail', { ...mail, to: 'later@example.com' }));
      const kinds = await transact(ctx, async (tx) => {
        await addManyToOutbox(tx, 'realtime', [envelope('u1', 1)]);
        await addManyToOutbox(tx, 'chatPush', []);
        return outboxKindsWritten(tx);
      });
      expect(kinds).toEqual(['realtime']);
      await expect.poll(() => published).toEqual(['u1:cal-1']);
      expect(mailed).toEqual(['someone@example.com']);
      worker.kick(['mail']);
      await expect.poll(() => mailed).toEqual(['someone@example.com', 'later@example.com']);
    } finally {
      await worker.stop();
    }
  });

  it('sweeps rows delivered more than a day ago, keeping recent ones and ones that gave up', async () => {
    const worker = new OutboxWorker(database.db, recordingHandlers().handlers, silent);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const [old, recent, gaveUp, pending] = await database.db
      .insert(outbox)
      .values([
        { kind: 'realtime', payload: {}, doneAt: twoDaysAgo },
        { kind: 'realtime', payload: {}, doneAt: new Date() },
        { kind: 'mail', payload: {}, doneAt: twoDaysAgo, lastError: 'mailbox full' },
        { kind: 'mail', payload: {}, runAt: new Date(Date.now() + 60_000) },
      ])
      .returning({ id: outbox.id });
    await worker.sweep();
    const left = (await database.db.select({ id: outbox.id }).from(outbox)).map((row) => row.id).sort();
    expect(left).toEqual([recent?.id, gaveUp?.id, pending?.id].sort());
    expect(await database.db.$count(outbox, eq(outbox.id, old?.id ?? -1))).toBe(0);
  });

  it('delivers a fresh realtime row at once and in the order recorded, even with a due time ahead of the clock', async () => {
    const { handlers, published } = recordingHandlers();
    const worker = new OutboxWorker(database.db, handlers, silent);
    // A transaction that began later (run_at is its start) took its id first and committed first.
    await database.db.insert(outbox).values([
      {
        kind: 'realtime',
        payload: envelope('u1', 1) as unknown as Record<string, unknown>,
        runAt: sql`now() + interval '1 hour'`,
      },
      { kind: 'realtime', payload: envelope('u1', 2) as unknown as Record<string, unknown> },
    ]);
    await worker.drain();
    expect(published).toEqual(['u1:cal-1', 'u1:cal-2']);
  });

  it('keeps a failed realtime row for its retry, due only once its back-off has passed', async () => {
    let failing = true;
    const published: string[] = [];
    const handlers: OutboxHandlers = {
      ...recordingHandlers().handlers,
      realtime: async (payload) => {
        if (failing) throw new Error('socket layer down');
        published.push(userOf(payload));
      },
    };
    const worker = new OutboxWorker(database.db, handlers, silent);
    await database.db.transaction((tx) => addManyToOutbox(tx, 'realtime', [envelope('a', 1)]));
    await worker.drain();
    failing = false;
    await worker.drain();
    expect(published).toEqual([]);
    await database.db.update(outbox).set({ runAt: sql`now() - interval '1 second'` });
    await worker.drain();
    expect(published).toEqual(['a']);
    const [row] = await database.db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row?.doneAt).not.toBeNull();
  });

  // Only PostgreSQL has several connections (PGlite is one) and a clock of its own; defined there
  // alone, not skipped.
  if (kind !== 'postgres') return;
  // (PGlite runs in this process and reads its clock: only a server can disagree with it.)
  it('reads due times and leases from the database clock, not from a process whose clock lags', async () => {
    const { handlers, published, mailed, release } = recordingHandlers();
    release();
    const worker = new OutboxWorker(database.db, handlers, silent);
    await database.db.transaction(async (tx) => {
      await addManyToOutbox(tx, 'realtime', [envelope('u1', 1)]);
      await addToOutbox(tx, 'mail', mail);
    });
    // This process's clock an hour behind the database's (a row committed a moment ago looks an
    // hour early to it; the same holds, by under a millisecond, for any JavaScript Date).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 60 * 60 * 1000 });
    try {
      await worker.drain();
    } finally {
      vi.useRealTimers();
    }
    expect(published).toEqual(['u1:cal-1']);
    expect(mailed).toEqual([mail.to]);
    const rows = await database.db
      .select({ kind: outbox.kind, doneAt: outbox.doneAt, runAt: outbox.runAt, dbNow: sql<string>`now()` })
      .from(outbox)
      .orderBy(outbox.id);
    const dbNow = new Date(rows[0]?.dbNow ?? 0).getTime();
    for (const row of rows) expect(Math.abs((row.doneAt?.getTime() ?? 0) - dbNow)).toBeLessThan(30_000);
    // The mail was claimed under a lease of a minute by the database's clock (realtime rows are
    // claimed and marked done in one transaction, without a lease).
    const leased = rows.find((row) => row.kind === 'mail');
    expect((leased?.runAt.getTime() ?? 0) - dbNow).toBeGreaterThan(30_000);
  });

  it('two workers on one table never deliver a row twice', async () => {
    const second = await openDatabase({ url: opened.url as string });
    try {
      const delivered: string[] = [];
      const handlers = (): OutboxHandlers => ({
        realtime: async (payload) => {
          delivered.push((payload.payload as { calendarId: string }).calendarId);
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
        mail: async () => undefined,
        push: async () => undefined,
        chatPush: async () => undefined,
        streams: async () => undefined,
      });
      const envelopes = Array.from({ length: 1500 }, (_, index) => envelope('u', index));
      await database.db.transaction((tx) => addManyToOutbox(tx, 'realtime', envelopes));
      await Promise.all([
        new OutboxWorker(database.db, handlers(), silent).drain(),
        new OutboxWorker(second.db, handlers(), silent).drain(),
      ]);
      expect(delivered).toHaveLength(1500);
      expect(new Set(delivered).size).toBe(1500);
    } finally {
      await second.close();
    }
  });
  it("a second worker waits for the first one's realtime round: one person's rows land in the order recorded", async () => {
    const second = await openDatabase({ url: opened.url as string });
    try {
      const delivered: string[] = [];
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let entered = false;
      // The first worker's deliveries take a while to land (a publish through another process);
      // the second's land at once (a socket of its own).
      const handlers = (slow: boolean): OutboxHandlers => ({
        ...recordingHandlers().handlers,
        realtime: async (payload) => {
          entered = true;
          if (slow) await gate;
          delivered.push((payload.payload as { calendarId: string }).calendarId);
        },
      });
      const envelopes = Array.from({ length: 1200 }, (_, index) => envelope('u', index));
      await database.db.transaction((tx) => addManyToOutbox(tx, 'realtime', envelopes));
      const slow = new OutboxWorker(database.db, handlers(true), silent).drain();
      await expect.poll(() => entered).toBe(true);
      const fast = new OutboxWorker(second.db, handlers(false), silent).drain();
      // The first round is held until the second worker has either delivered rows of its own
      // or is waiting for the lane.
      await expect
        .poll(async () => {
          if (delivered.length > 0) return true;
          const waiting = await database.db.execute(
            sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
          );
          return (waiting as unknown as { rows: unknown[] }).rows.length > 0;
        })
        .toBe(true);
      release();
      await Promise.all([slow, fast]);
      expect(delivered).toEqual(envelopes.map((_item, index) => `cal-${index}`));
    } finally {
      await second.close();
    }
  });
});
