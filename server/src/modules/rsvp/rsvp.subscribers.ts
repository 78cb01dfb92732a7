import type { SubscriberOf } from '../../context.ts';
import { announceEvent, announceRsvp } from '../events/events.effects.ts';
import { notify } from '../notifications/notifications.service.ts';
import { addLoopRowsForMembers, addLoopRowsForNewMember, deleteLoopRowsOfFormerMember } from './inTheLoop.ts';

/**
 * The event's owner hears in their feed of a changed answer (which the notice carries) and of a
 * changed attendance; while the owner has not read the person's last notice of that kind about
 * the event, the new one replaces it, so quick changes make one notice, not one per click.
 */
export const notifyRsvpUpdated: SubscriberOf<'rsvp.updated'> = async (tx, event) => {
  const details = { actorId: event.actorId, event: event.event, replacesUnread: true };
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

/** One more person in the loop: every open attendee counter (theirs included) moves at once. */
export const announceRsvpCreated: SubscriberOf<'rsvp.created'> = (tx, event) =>
  announceRsvp(tx, [event.root.ownerId, event.actorId], event.root.id, event.rsvpId);

/**
 * A sent event invitation: the event appears in a registered invitee's own calendar at once
 * (unless the invitation is silent), and the owner's and the sender's screens count the new invitee.
 */
export const announceEventInvitationSent: SubscriberOf<'invitation.sent'> = async (tx, event) => {
  const { target } = event;
  if (target.kind !== 'event') return;
  if (event.invitee.userId && !event.isSilent) {
    await announceEvent(tx, [event.invitee.userId], target.root.id, 'create');
  }
  await announceRsvp(tx, [target.root.ownerId, event.actorId], target.root.id, target.rsvpId);
};

/** An answered event invitation: the owner's, the invitee's and the sender's screens show it. */
export const announceEventInvitationAnswered: SubscriberOf<'invitation.answered'> = async (tx, event) => {
  const { target } = event;
  if (target.kind !== 'event') return;
  await announceRsvp(
    tx,
    [target.root.ownerId, event.recipientId, ...(event.inviterId ? [event.inviterId] : [])],
    target.root.id,
    target.rsvpId,
  );
};

/**
 * A withdrawn event invitation: once sent, the event leaves the person's screens; the owner's
 * screens count one invitee fewer.
 */
export const announceEventInvitationWithdrawn: SubscriberOf<'invitation.withdrawn'> = async (tx, event) => {
  const { target } = event;
  if (target.kind !== 'event') return;
  if (target.wasSent) await announceEvent(tx, [event.userId], target.root.id, 'delete');
  await announceRsvp(tx, [target.root.ownerId], target.root.id, target.rsvpId);
};

/** The calendar's members are in the loop of a new event from the start. */
export const putCalendarMembersInTheLoop: SubscriberOf<'event.created'> = (tx, event) =>
  addLoopRowsForMembers(tx, event.root.id);

/** Someone who joins a calendar is in the loop of its events still to come. */
export const putJoinedMemberInTheLoop: SubscriberOf<'invitation.answered'> = async (tx, event) => {
  if (event.target.kind !== 'calendar' || event.answer !== 'accepted') return;
  await addLoopRowsForNewMember(tx, event.target.calendarId, event.recipientId);
};

/** Someone who leaves a calendar, or is removed, is no longer in the loop of its events. */
export const takeLeavingMemberOutOfTheLoop: SubscriberOf<'invitation.withdrawn'> = async (tx, event) => {
  if (event.target.kind !== 'calendar' || !event.target.wasConfirmed) return;
  await deleteLoopRowsOfFormerMember(tx, event.target.calendarId, event.userId);
};
