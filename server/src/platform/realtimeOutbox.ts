import type { Db } from '../db/connect.ts';
import { addManyToOutbox } from './outbox.ts';
import type { RealtimeEnvelope, RealtimeHub } from './realtime.ts';

/**
 * The one route of a realtime message (DESIGN.md §6): recorded here as an outbox row in the
 * transaction of the change it tells of, and published by `deliverRealtime` once the outbox
 * worker takes it after commit. Nothing else in the server publishes on the hub.
 */

/** Records realtime messages for after commit, one outbox row each, a thousand per statement. */
export async function recordRealtime(tx: Db, envelopes: RealtimeEnvelope[]): Promise<void> {
  await addManyToOutbox(tx, 'realtime', envelopes);
}

/** The outbox's realtime handler: publishes a recorded message to every socket of its user. */
export function deliverRealtime(hub: Pick<RealtimeHub, 'publish'>, envelope: RealtimeEnvelope): void {
  // The payload was typed against its message when it was recorded (RealtimeEnvelope).
  const publish = hub.publish as (userId: string, message: string, payload: unknown) => void;
  publish.call(hub, envelope.userId, envelope.message, envelope.payload);
}
