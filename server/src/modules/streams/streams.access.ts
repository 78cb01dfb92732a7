import type { Db } from '../../db/connect.ts';
import { type EventTarget, findEventWithAccess } from '../events/events.access.ts';
import { targetItem } from '../events/events.presenter.ts';
import type { StreamStanding } from './streams.policy.ts';

/** An event as a streams call reaches it: what the id names, its presented id, the viewer's standing. */
export interface StreamsAccess {
  target: EventTarget;
  /** The eventId as presented (an occurrence id for one occurrence): streams and rooms are keyed by it. */
  eventKey: string;
  /** The maximum of live streams (the occurrence's own row when it was changed). */
  max: number;
  standing: StreamStanding;
}

/**
 * The viewer's standing on an event's streams. Whoever cannot see the event gets 404, exactly as
 * GET /api/events/{eventId} answers them.
 */
export async function getStreamsAccess(db: Db, eventId: string, viewerId: string): Promise<StreamsAccess> {
  const { target, access } = await findEventWithAccess(db, eventId, viewerId);
  const item = targetItem(target);
  const invitation = access.invitation;
  // An RSVP counts when it is the owner's or someone's own, or an invitation actually sent.
  const counts = invitation && (invitation.sharedAt !== null || invitation.invitedById === null);
  return {
    target,
    eventKey: item.key,
    max: item.source.livestreamsMax,
    standing: { viewerId, permissions: access.permissions, rsvp: counts ? invitation.rsvp : null },
  };
}
