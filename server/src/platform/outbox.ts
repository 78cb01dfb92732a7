import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';
import type { MailMessage } from './mail.ts';
import type { RealtimeEnvelope } from './realtime.ts';

/** Payload of each outbox kind; a new side effect adds its kind here and a handler in app.ts. */
export interface OutboxPayloads {
  mail: MailMessage;
  /** A realtime message to one user's sockets. */
  realtime: RealtimeEnvelope;
  /** A Web Push for one notification, composed at delivery in the recipient's language. */
  push: { notificationId: string };
  /** A Web Push for a new chat message to one participant (modules/chat/chat.push.ts). */
  chatPush: { messageId: string; recipientId: string };
}

export type OutboxKind = keyof OutboxPayloads;

/** What delivers each kind; rejecting schedules a retry. */
export type OutboxHandlers = { [K in OutboxKind]: (payload: OutboxPayloads[K]) => Promise<void> };

/** Records a side effect in the caller's transaction; it is delivered after commit. */
export async function addToOutbox<K extends OutboxKind>(tx: Db, kind: K, payload: OutboxPayloads[K]) {
  await tx.insert(outbox).values({ kind, payload: payload as unknown as Record<string, unknown> });
}

const maxAttempts = 8;
const batchSize = 20;

/** Delay before retry n (1-based): 5 s, 10 s, 20 s … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5000 * 2 ** (attempt - 1), 10 * 60 * 1000);
}

/**
 * Drains the outbox. Each row is claimed by pushing its run_at forward inside a
 * `FOR UPDATE SKIP LOCKED` transaction, so several processes share the table without
 * delivering a row twice at once, and a process that dies mid-delivery leaves the row to be
 * retried after the lease.
 */
export class OutboxWorker {
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
    private readonly pollMs = 2000,
  ) {}

  /** Starts polling. */
  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Asks for a drain soon (after a commit that added rows). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kicked = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the current drain. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Delivers everything due now; resolves when the table has nothing due. */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((row) => this.deliver(row)));
    }
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .catch((error: unknown) => this.logger.error({ err: error }, 'outbox drain failed'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const again = this.kicked;
          this.kicked = false;
          this.schedule(again ? 0 : this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  private async claim() {
    const leaseUntil = new Date(Date.now() + 60_000);
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(outbox)
        .where(and(isNull(outbox.doneAt), lte(outbox.runAt, new Date())))
        .orderBy(asc(outbox.runAt), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const row of due) {
        await tx
          .update(outbox)
          .set({ runAt: leaseUntil, attempts: sql`${outbox.attempts} + 1` })
          .where(eq(outbox.id, row.id));
      }
      return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
    });
  }

  private async deliver(row: typeof outbox.$inferSelect): Promise<void> {
    const handler = this.handlers[row.kind as OutboxKind] as
      | ((payload: unknown) => Promise<void>)
      | undefined;
    try {
      if (!handler) throw new Error(`no outbox handler for ${row.kind}`);
      await handler(row.payload);
      await this.db.update(outbox).set({ doneAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
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
          runAt: new Date(Date.now() + retryDelayMs(row.attempts)),
          doneAt: giveUp ? new Date() : null,
        })
        .where(eq(outbox.id, row.id));
    }
  }
}
