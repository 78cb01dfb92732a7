import type { SubscriberOf } from '../../domainEvents.ts';
import { announceRsvp } from '../events/events.effects.ts';
import { notify } from '../notifications/notifications.service.ts';

/** The event's owner hears in their feed of a changed answer and of a changed attendance. */
export const notifyRsvpUpdated: SubscriberOf<'rsvp.updated'> = async (tx, event) => {
  const details = { actorId: event.actorId, event: event.event };
  const { rsvp, attendance } = event.changes;
  if (rsvp !== undefined) {
    await notify(tx, [event.root.ownerId], 'rsvpUpdate', { ...details, payload: { changes: { rsvp } } });
  }
  if (attendance !== undefined) {
    await notify(tx, [event.root.ownerId], 'attendanceUpdate', {
      ...details,
      payload: { changes: { attendance } },
    });
  }
};

/** The owner's, the person's and their inviter's screens show the answer. */
export const announceRsvpUpdated: SubscriberOf<'rsvp.updated'> = (tx, event) =>
  announceRsvp(
    tx,
    [event.root.ownerId, event.actorId, ...(event.inviterId ? [event.inviterId] : [])],
    event.root.id,
    event.rsvpId,
  );
