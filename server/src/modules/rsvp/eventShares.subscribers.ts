import { eventPath } from '@convene/contract';
import type { SubscriberOf } from '../../domainEvents.ts';
import { addToOutbox } from '../../platform/outbox.ts';
import { findCalendarRow } from '../events/events.changes.ts';
import { announceEvent, announceRsvp, calendarSnapshot } from '../events/events.effects.ts';
import { notify, withdrawPendingRequests } from '../notifications/notifications.service.ts';
import { eventInvitationMail } from './eventShares.mails.ts';

/** A registered invitee gets a pending request carrying the RSVP. */
export const notifyEventInvitation: SubscriberOf<'eventInvitation.sent'> = async (tx, event) => {
  const { invitee } = event;
  if (!invitee.userId) return;
  const calendar = await findCalendarRow(tx, event.root.calendarId);
  await notify(tx, [invitee.userId], 'shareEvent', {
    actorId: event.actorId,
    event: event.event,
    calendar: calendar ? calendarSnapshot(calendar) : null,
    payload: {
      requiresRSVP: true,
      target: { userId: invitee.userId, name: invitee.name, email: invitee.email },
    },
    rsvpIds: { [invitee.userId]: event.rsvpId },
  });
};

/** …and the event appears in their own calendar at once. */
export const announceEventShared: SubscriberOf<'eventInvitation.sent'> = async (tx, event) => {
  if (event.invitee.userId) await announceEvent(tx, [event.invitee.userId], event.root.id, 'create');
};

/** Anyone else gets an e-mail with the event's page. */
export const mailEventInvitation: SubscriberOf<'eventInvitation.sent'> = async (tx, event, ctx) => {
  if (event.invitee.userId) return;
  const { root } = event;
  const link = `${ctx.config.publicUrl}${eventPath(root.name, root.id)}`;
  await addToOutbox(
    tx,
    'mail',
    eventInvitationMail(event.inviter.language, event.invitee.email, event.inviter.name, root.name, link),
  );
};

/** The owner's and the sender's screens count the new invitee. */
export const announceInvitationSent: SubscriberOf<'eventInvitation.sent'> = (tx, event) =>
  announceRsvp(tx, [event.root.ownerId, event.actorId], event.root.id, event.rsvpId);

/** A pending request carrying the RSVP leaves the person's feed. */
export const withdrawEventInvitation: SubscriberOf<'eventInvitation.removed'> = (tx, event) =>
  withdrawPendingRequests(tx, [event.userId], { rsvpId: event.rsvpId });

/**
 * Once sent, the event leaves the person's screens; one removed by someone else (not one who
 * left) is told in their feed.
 */
export const tellInvitationRemoved: SubscriberOf<'eventInvitation.removed'> = async (tx, event) => {
  if (!event.wasSent) return;
  await announceEvent(tx, [event.userId], event.root.id, 'delete');
  if (event.userId === event.actorId) return;
  await notify(tx, [event.userId], 'shareEventRemove', {
    actorId: event.actorId,
    event: event.event,
    payload: { permissions: { canView: false } },
  });
};

/** The owner's screens count one invitee fewer. */
export const announceInvitationRemoved: SubscriberOf<'eventInvitation.removed'> = (tx, event) =>
  announceRsvp(tx, [event.root.ownerId], event.root.id, event.rsvpId);

/** Whoever sent the invitation hears the answer. */
export const notifyEventInvitationAnswered: SubscriberOf<'eventInvitation.answered'> = async (tx, event) => {
  if (!event.senderId) return;
  await notify(
    tx,
    [event.senderId],
    event.answer === 'attending' ? 'shareEventAccepted' : 'shareEventRejected',
    { actorId: event.recipientId, event: event.event, calendar: event.calendar },
  );
};

/** The owner's, the invitee's and the sender's screens show the answer. */
export const announceInvitationAnswered: SubscriberOf<'eventInvitation.answered'> = (tx, event) =>
  announceRsvp(
    tx,
    [event.root.ownerId, event.recipientId, ...(event.senderId ? [event.senderId] : [])],
    event.root.id,
    event.rsvpId,
  );
