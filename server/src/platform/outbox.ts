import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';
import type { MailMessage } from './mail.ts';
import type { RealtimeBroadcast, RealtimeEnvelope } from './realtime.ts';

/** Payload of each outbox kind; a new side effect adds its kind here and a handler in app.ts. */
export interface OutboxPayloads {
  mail: MailMessage;
  /**
   * A realtime message to some users' sockets (a row written before broadcasts, still queued
   * at an upgrade, is a RealtimeEnvelope to one user).
   */
  realtime: RealtimeBroadcast | RealtimeEnvelope;
  /** A Web Push for one notification, composed at delivery in the recipient's language. */
  push: { notificationId: string };
  /** A Web Push for a new chat message to one participant (modules/chat/chat.push.ts). */
  chatPush: { messageId: string; recipientId: string };
  /**
   * A call to the live streams' media plane after commit (modules/streams): never made inside a
   * transaction, retried like any delivery when the media server does not answer.
   */
  streams:
    | { action: 'endStream'; room: string; streamId: string }
    | { action: 'removeParticipant'; room: string; identity: string };
}

export type OutboxKind = keyof OutboxPayloads;

/** What delivers each kind; rejecting schedules a retry. */
export type OutboxHandlers = { [K in OutboxKind]: (payload: OutboxPayloads[K]) => Promise<void> };

/** Records a side effect in the caller's transaction; it is delivered after commit. */
export async function addToOutbox<K extends OutboxKind>(tx: Db, kind: K, payload: OutboxPayloads[K]) {
  await addManyToOutbox(tx, kind, [payload]);
}

/** The kinds each open transaction wrote, so its commit wakes only their lanes (`transact`). */
const kindsByTransaction = new WeakMap<Db, Set<OutboxKind>>();

/** The outbox kinds the transaction recorded rows of. */
export function outboxKindsWritten(tx: Db): OutboxKind[] {
  return [...(kindsByTransaction.get(tx) ?? [])];
}

/**
 * Records many side effects of one kind in the caller's transaction, a thousand per statement:
 * the payloads go as one JSON array parameter, unpacked in order (the ids keep it), so a send's
 * rows cost no query building however many there are.
 */
export async function addManyToOutbox<K extends OutboxKind>(tx: Db, kind: K, payloads: OutboxPayloads[K][]) {
  if (payloads.length === 0) return;
  const kinds = kindsByTransaction.get(tx) ?? new Set<OutboxKind>();
  kinds.add(kind);
  kindsByTransaction.set(tx, kinds);
  for (let index = 0; index < payloads.length; index += 1000) {
    await tx.execute(sql`
      INSERT INTO outbox (kind, payload)
      SELECT ${kind}, item.value
      FROM jsonb_array_elements(${JSON.stringify(payloads.slice(index, index + 1000))}::jsonb)
        WITH ORDINALITY AS item (value, position)
      ORDER BY item.position`);
  }
}

const maxAttempts = 8;
/** A claimed row is another process's again after this long (its claimer died mid-delivery). */
const leaseSeconds = 60;
/** Delivered rows are kept this long (tests and operators read them), then swept. */
const keepDoneMs = 24 * 60 * 60 * 1000;
const sweepEveryMs = 10 * 60 * 1000;

/** Delay before retry n (1-based): 5 s, 10 s, 20 s … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5000 * 2 ** (attempt - 1), 10 * 60 * 1000);
}

/** A claimed row: what its delivery needs. */
type ClaimedRow = Pick<typeof outbox.$inferSelect, 'id' | 'kind' | 'payload' | 'attempts'>;

/**
 * A lane drains the rows of some kinds on its own: realtime messages (published in memory, a
 * few hundred per message to a big group) never wait behind a slow mail server or push service.
 */
const laneOfKind = {
  realtime: 'realtime',
  mail: 'deliveries',
  push: 'deliveries',
  chatPush: 'deliveries',
  streams: 'deliveries',
} as const satisfies Record<OutboxKind, string>;

/** Rows claimed per round; each round is one claiming statement and one completing one. */
const batchSizes: Record<(typeof laneOfKind)[OutboxKind], number> = { realtime: 500, deliveries: 20 };

interface LaneSpec {
  name: string;
  kinds: OutboxKind[];
  batchSize: number;
}

const outboxKinds = Object.keys(laneOfKind) as OutboxKind[];

const lanes: LaneSpec[] = Object.entries(batchSizes).map(([name, batchSize]) => ({
  name,
  batchSize,
  kinds: outboxKinds.filter((kind) => laneOfKind[kind] === name),
}));

/**
 * Drains the outbox. Rows are claimed by pushing their run_at forward in one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` statement, so several processes share
 * the table without delivering a row twice at once, and a process that dies mid-delivery leaves
 * the row to be retried after the lease. Each lane (realtime, the rest) runs its own loop.
 */
export class OutboxWorker {
  private readonly lanes: OutboxLane[];
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    handlers: OutboxHandlers,
    private readonly logger: Logger,
    pollMs = 2000,
  ) {
    this.lanes = lanes.map((spec) => new OutboxLane(db, handlers, logger, pollMs, spec));
  }

  /** Starts polling, and sweeps delivered rows older than a day every 10 minutes. */
  start(): void {
    for (const lane of this.lanes) lane.start();
    this.sweepTimer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'outbox sweep failed'));
    }, sweepEveryMs);
    this.sweepTimer.unref();
  }

  /** Asks for a drain soon (after a commit that added rows): of the lanes of these kinds, or all. */
  kick(kinds: readonly OutboxKind[] = outboxKinds): void {
    for (const lane of this.lanes) {
      if (lane.kinds.some((kind) => kinds.includes(kind))) lane.kick();
    }
  }

  /** Stops polling and waits for the current drains. */
  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await Promise.all(this.lanes.map((lane) => lane.stop()));
  }

  /** Delivers everything due now; resolves when the table has nothing due. */
  async drain(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.drain()));
  }

  /**
   * Deletes rows delivered more than a day ago (rows that gave up, with their error, stay). One
   * statement that returns nothing: a busy hour's hundreds of thousands of ids never come back
   * into memory. (No index on done_at: the table holds about a day of rows.)
   */
  async sweep(now = new Date()): Promise<void> {
    await this.db
      .delete(outbox)
      .where(and(lt(outbox.doneAt, new Date(now.getTime() - keepDoneMs)), isNull(outbox.lastError)));
  }
}

class OutboxLane {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  // Nothing runs in the background until start(): tests drain by hand, and a kick before
  // start must not race them.
  private stopped = true;
  private kicked = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: OutboxHandlers,
    private readonly logger: Logger,
    private readonly pollMs: number,
    private readonly spec: LaneSpec,
  ) {}

  /** The kinds this lane delivers. */
  get kinds(): readonly OutboxKind[] {
    return this.spec.kinds;
  }

  start(): void {
    this.stopped = false;
    this.run();
  }

  /** A commit recorded rows: drain now (no timer in between), or once more after this drain. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kicked = true;
      return;
    }
    this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Claims and delivers rounds of due rows until none is left; each round's statement also marks
   * the previous round's delivered rows done, so a busy lane makes one round trip per round.
   */
  async drain(): Promise<void> {
    let delivered: number[] = [];
    for (;;) {
      const claimed = await this.claim(delivered);
      if (claimed.length === 0) return;
      const outcomes = await Promise.all(claimed.map((row) => this.deliver(row)));
      delivered = claimed.filter((_row, index) => outcomes[index]).map((row) => row.id);
    }
  }

  /** Drains now, then polls (or drains again at once when a kick came meanwhile). */
  private run(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.drain()
      .catch((error: unknown) =>
        this.logger.error({ err: error, lane: this.spec.name }, 'outbox drain failed'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const again = this.kicked;
        this.kicked = false;
        if (again) {
          this.run();
          return;
        }
        this.timer = setTimeout(() => this.run(), this.pollMs);
        this.timer.unref();
      });
  }

  /**
   * Marks `delivered` done and claims the lane's due rows, oldest first, in one hand-written
   * statement (built on every round, so no query builder). Every time in it is the database's
   * `now()`, the clock `run_at`'s default was read from: a row committed within the same
   * millisecond as this round is due to it (a JavaScript Date, cut to milliseconds, could fall
   * just before that row's microsecond `run_at` and leave it to the next poll), and processes on
   * several machines share one clock.
   */
  private async claim(delivered: number[]): Promise<ClaimedRow[]> {
    const markDone =
      delivered.length === 0
        ? sql``
        : sql`WITH done AS (
            UPDATE outbox SET done_at = now(), last_error = NULL
            WHERE id IN (${sql.join(
              delivered.map((id) => sql`${id}`),
              sql`, `,
            )})
          ) `;
    const result = await this.db.execute(sql`${markDone}
      UPDATE outbox SET run_at = now() + interval '${sql.raw(String(leaseSeconds))} seconds', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM outbox
        WHERE done_at IS NULL AND run_at <= now()
          AND kind IN (${sql.join(
            this.spec.kinds.map((kind) => sql`${kind}`),
            sql`, `,
          )})
        ORDER BY run_at, id LIMIT ${this.spec.batchSize}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts`);
    const claimed = (result as unknown as { rows: ClaimedRow[] }).rows.map((row) => ({
      ...row,
      id: Number(row.id),
    }));
    // Rows of one user are published in the order they were recorded.
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** Runs the row's handler; true when delivered, else the row is scheduled for a retry. */
  private async deliver(row: ClaimedRow): Promise<boolean> {
    const handler = this.handlers[row.kind as OutboxKind] as
      | ((payload: unknown) => Promise<void>)
      | undefined;
    try {
      if (!handler) throw new Error(`no outbox handler for ${row.kind}`);
      await handler(row.payload);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxAttempts;
      this.logger.warn(
        { outboxId: row.id, kind: row.kind, attempt: row.attempts, giveUp },
        'outbox delivery failed',
      );
      await this.db
        .update(outbox)
        .set({
          lastError: message.slice(0, 500),
          runAt: sql`now() + make_interval(secs => ${retryDelayMs(row.attempts) / 1000})`,
          doneAt: giveUp ? sql`now()` : null,
        })
        .where(eq(outbox.id, row.id));
      return false;
    }
  }
}
