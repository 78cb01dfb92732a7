import { eq, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';

const maxAttempts = 8;
/** A claimed row is another process's again after this long (its claimer died mid-delivery). */
const leaseSeconds = 60;

/** Delay before retry n (1-based): 5 s, 10 s, 20 s … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5000 * 2 ** (attempt - 1), 10 * 60 * 1000);
}

/** A claimed row: what its delivery needs. */
type ClaimedRow = Pick<typeof outbox.$inferSelect, 'id' | 'kind' | 'payload' | 'attempts'>;

/** Delivers one row's payload by its kind; rejecting schedules a retry. */
export type DeliverRow = (kind: string, payload: unknown) => Promise<void>;

/** What a lane drains and how. */
export interface LaneSpec {
  name: string;
  kinds: readonly string[];
  /** Rows claimed per round. */
  batchSize: number;
  /**
   * Set for a lane whose rows one person must get in the order recorded: the PostgreSQL advisory
   * lock that lets one process at a time, cluster-wide, claim and deliver a round of it.
   */
  orderLockId?: number;
}

/**
 * One lane of the outbox: a loop that claims the due rows of its kinds, delivers them and marks
 * them done, woken by kicks and a poll. An ordered lane (`orderLockId`) runs each round as one
 * transaction under the lane's advisory lock — claim, deliver in the order recorded, mark done —
 * so no other process claims the lane's next rows before this round's messages are out, and a
 * process that dies mid-round leaves its rows due again at once (rolled back), never behind later
 * ones. Other lanes claim under a lease with `FOR UPDATE SKIP LOCKED`, several processes at once.
 */
export class OutboxLane {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  // Nothing runs in the background until start(): tests drain by hand, and a kick before
  // start must not race them.
  private stopped = true;
  private kicked = false;

  constructor(
    private readonly db: Db,
    private readonly deliverRow: DeliverRow,
    private readonly logger: Logger,
    private readonly pollMs: number,
    private readonly spec: LaneSpec,
  ) {}

  /** The kinds this lane delivers. */
  get kinds(): readonly string[] {
    return this.spec.kinds;
  }

  /** Starts draining now and polling after. */
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

  /** Stops polling and waits for the current drain. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and delivers rounds of due rows until none is left. */
  async drain(): Promise<void> {
    const lockId = this.spec.orderLockId;
    if (lockId === undefined) return this.drainLeased();
    // A short round took every due row: a row committed since then kicked the lane of its process.
    let claimed = this.spec.batchSize;
    while (claimed === this.spec.batchSize) claimed = await this.drainOrderedRound(lockId);
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
   * One round of an ordered lane, in one transaction: waits for the lane's lock, claims the
   * oldest due rows by id (the order they were recorded) and marks them done, delivers them in
   * that order, and commits, which frees the lock for the next round on any process. A fresh row
   * (no attempt yet) is due whatever the clocks say: a row committed before this claim is never
   * left behind a later one. Answers how many rows it claimed.
   */
  private async drainOrderedRound(lockId: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockId}::bigint)`);
      const claimed = readClaimed(await tx.execute(orderedClaimStatement(this.spec)));
      // Each handler starts (and a realtime one publishes) before the next row's.
      await Promise.all(claimed.map((row) => this.deliver(row, tx)));
      return claimed.length;
    });
  }

  /**
   * Claims and delivers rounds of due rows until none is left; each round's statement also marks
   * the previous round's delivered rows done, so a busy lane makes one round trip per round.
   */
  private async drainLeased(): Promise<void> {
    let delivered: number[] = [];
    for (;;) {
      const claimed = await this.claimLeased(delivered);
      if (claimed.length === 0) return;
      const outcomes = await Promise.all(claimed.map((row) => this.deliver(row, this.db)));
      delivered = claimed.filter((_row, index) => outcomes[index]).map((row) => row.id);
    }
  }

  /**
   * Marks `delivered` done and claims the lane's due rows, oldest first, in one hand-written
   * statement (built on every round, so no query builder). Every time in it is the database's
   * `now()`, the clock `run_at`'s default was read from: a row committed within the same
   * millisecond as this round is due to it (a JavaScript Date, cut to milliseconds, could fall
   * just before that row's microsecond `run_at` and leave it to the next poll), and processes on
   * several machines share one clock.
   */
  private async claimLeased(delivered: number[]): Promise<ClaimedRow[]> {
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
        WHERE done_at IS NULL AND run_at <= now() AND kind IN (${kindList(this.spec.kinds)})
        ORDER BY run_at, id LIMIT ${this.spec.batchSize}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts`);
    return readClaimed(result);
  }

  /**
   * Runs the row's handler; true when delivered, else the row is scheduled for a retry (through
   * `db`: an ordered round's transaction, whose claim had marked it done).
   */
  private async deliver(row: ClaimedRow, db: Db): Promise<boolean> {
    try {
      await this.deliverRow(row.kind, row.payload);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxAttempts;
      this.logger.warn(
        { outboxId: row.id, kind: row.kind, attempt: row.attempts, giveUp },
        'outbox delivery failed',
      );
      await db
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

/** Kinds as an SQL list. */
function kindList(kinds: readonly string[]): SQL {
  return sql.join(
    kinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
}

/**
 * The claim of an ordered lane's round (under its lock): the oldest pending rows by id, read
 * through `outbox_pending_order_idx` however long a backlog is, marked done at once.
 */
export function orderedClaimStatement(spec: Pick<LaneSpec, 'kinds' | 'batchSize'>): SQL {
  return sql`
    UPDATE outbox SET done_at = now(), last_error = NULL, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox
      WHERE done_at IS NULL AND kind IN (${kindList(spec.kinds)})
        AND (attempts = 0 OR run_at <= now())
      ORDER BY id LIMIT ${spec.batchSize}
      FOR UPDATE
    )
    RETURNING id, kind, payload, attempts`;
}

/** The claimed rows of a statement's answer, in the order they were recorded. */
function readClaimed(result: unknown): ClaimedRow[] {
  const claimed = (result as { rows: ClaimedRow[] }).rows.map((row) => ({ ...row, id: Number(row.id) }));
  return claimed.sort((a, b) => a.id - b.id);
}
