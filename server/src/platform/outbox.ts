import { and, isNull, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/connect.ts';
import { outbox } from '../db/schema/index.ts';
import type { MailMessage } from './mail.ts';
import { type LaneSpec, OutboxLane } from './outboxLane.ts';
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

/** Delivered rows are kept this long (tests and operators read them), then swept. */
const keepDoneMs = 24 * 60 * 60 * 1000;
const sweepEveryMs = 10 * 60 * 1000;

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

type LaneName = (typeof laneOfKind)[OutboxKind];

/** Rows claimed per round of each lane. */
const batchSizes: Record<LaneName, number> = { realtime: 500, deliveries: 20 };

/**
 * Lanes whose rows a person must get in the order they were recorded, with the advisory lock
 * that lets one process at a time drain a round of them (`OutboxLane`). Realtime messages are:
 * a chat message must not overtake the one before it on another process. Mails and pushes are
 * not, and their lane keeps claiming on several processes at once.
 */
const orderLockIds: Partial<Record<LaneName, number>> = { realtime: 723_114_002 };

const outboxKinds = Object.keys(laneOfKind) as OutboxKind[];

const lanes: LaneSpec[] = (Object.entries(batchSizes) as Array<[LaneName, number]>).map(
  ([name, batchSize]) => ({
    name,
    batchSize,
    kinds: outboxKinds.filter((kind) => laneOfKind[kind] === name),
    orderLockId: orderLockIds[name],
  }),
);

/**
 * Drains the outbox. Each lane (realtime, the rest) runs its own loop (`OutboxLane`). Rows of
 * the deliveries lane are claimed by pushing their run_at forward in one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` statement, so several processes share
 * the table without delivering a row twice at once, and a process that dies mid-delivery leaves
 * the row to be retried after the lease. The realtime lane is drained by one process at a time,
 * a round per transaction under its advisory lock, so each person gets their messages in the
 * order recorded whatever the number of processes.
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
    const deliverRow = async (kind: string, payload: unknown) => {
      const handler = handlers[kind as OutboxKind] as ((payload: unknown) => Promise<void>) | undefined;
      if (!handler) throw new Error(`no outbox handler for ${kind}`);
      await handler(payload);
    };
    this.lanes = lanes.map((spec) => new OutboxLane(db, deliverRow, logger, pollMs, spec));
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
      if (lane.kinds.some((kind) => (kinds as readonly string[]).includes(kind))) lane.kick();
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

  /** Deletes rows delivered more than a day ago (rows that gave up, with their error, stay). */
  async sweep(now = new Date()): Promise<void> {
    await sweepQuery(this.db, now);
  }
}

/**
 * The sweep's one statement, which returns nothing: a busy hour's hundreds of thousands of ids
 * never come back into memory. It reads the swept rows alone through `outbox_swept_idx` (delivered
 * rows by done_at), not the whole day of rows the table holds.
 */
export function sweepQuery(db: Db, now: Date) {
  return db
    .delete(outbox)
    .where(and(lt(outbox.doneAt, new Date(now.getTime() - keepDoneMs)), isNull(outbox.lastError)));
}
