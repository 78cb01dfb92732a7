import type { Db } from '../db/connect.ts';
import { addManyToOutbox } from './outbox.ts';
import type { RealtimeBroadcast, RealtimeEnvelope, RealtimeHub } from './realtime.ts';

/**
 * The one route of a realtime message (DESIGN.md §6): recorded here as an outbox row in the
 * transaction of the change it tells of, and published by `deliverRealtime` once the outbox
 * worker takes it after commit. Nothing else in the server publishes on the hub.
 */

/**
 * Folds per-user envelopes into broadcasts: envelopes with the same message and payload share one
 * row. Each user still gets their messages in the order recorded: an envelope joins an earlier
 * broadcast only when that user has nothing in a later one.
 */
export function toBroadcasts(envelopes: RealtimeEnvelope[]): RealtimeBroadcast[] {
  const broadcasts: RealtimeBroadcast[] = [];
  const recipients: Set<string>[] = [];
  const indexByKey = new Map<string, number>();
  const lastIndexOfUser = new Map<string, number>();
  for (const envelope of envelopes) {
    const { userId, ...rest } = envelope;
    const key = JSON.stringify([rest.message, rest.payload]);
    const index = indexByKey.get(key);
    const joined = index === undefined ? undefined : recipients[index];
    if (index !== undefined && joined && (lastIndexOfUser.get(userId) ?? -1) <= index) {
      joined.add(userId);
    } else {
      broadcasts.push({ ...rest, userIds: [] } as unknown as RealtimeBroadcast);
      recipients.push(new Set([userId]));
      indexByKey.set(key, broadcasts.length - 1);
    }
    lastIndexOfUser.set(userId, indexByKey.get(key) ?? 0);
  }
  return broadcasts.map((broadcast, index) => ({ ...broadcast, userIds: [...(recipients[index] ?? [])] }));
}

/** Records realtime messages for after commit: one outbox row per distinct message and payload. */
export async function recordRealtime(tx: Db, envelopes: RealtimeEnvelope[]): Promise<void> {
  await addManyToOutbox(tx, 'realtime', toBroadcasts(envelopes));
}

/** The outbox's realtime handler: publishes a recorded message to every socket of its users. */
export function deliverRealtime(
  hub: Pick<RealtimeHub, 'publish'>,
  row: RealtimeBroadcast | RealtimeEnvelope,
): void {
  const userIds = 'userIds' in row ? row.userIds : [row.userId];
  // The payload was typed against its message when it was recorded (RealtimeEnvelope).
  const publish = hub.publish as (userIds: readonly string[], message: string, payload: unknown) => void;
  publish.call(hub, userIds, row.message, row.payload);
}
