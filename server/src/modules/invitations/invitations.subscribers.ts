import { eventPath } from '@convene/contract';
import type { SubscriberOf } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { addToOutbox } from '../../platform/outbox.ts';
import { notify, withdrawPendingRequests } from '../notifications/notifications.service.ts';
import type { InvitationTarget, Invitee } from './invitations.kinds.ts';
import { invitationMail } from './invitations.mails.ts';

/** A registered invitee gets a pending request: to join the calendar, or carrying the RSVP. */
async function requestAnswer(tx: Db, actorId: string | null, invitee: Invitee, target: InvitationTarget) {
  const { userId } = invitee;
  if (!userId) return;
  const person = { userId, name: invitee.name, email: invitee.email };
  if (target.kind === 'calendar') {
    await notify(tx, [userId], 'shareCalendar', {
      actorId,
      calendar: target.calendar,
      payload: { target: person },
    });
    return;
  }
  await notify(tx, [userId], 'shareEvent', {
    actorId,
    event: target.event,
    calendar: target.calendar,
    payload: { requiresRSVP: true, target: person },
    rsvpIds: { [userId]: target.rsvpId },
  });
}

/** A registered invitee gets a pending request to answer. */
export const notifyInvitation: SubscriberOf<'invitation.sent'> = (tx, event) =>
  requestAnswer(tx, event.actorId, event.invitee, event.target);

/** Invitations that waited for an address reach its account, now proven, as pending requests. */
export const notifyAttachedInvitation: SubscriberOf<'invitation.attached'> = (tx, event) =>
  requestAnswer(tx, event.inviterId, event.invitee, event.target);

/**
 * Anyone without an account gets an e-mail: to a calendar, leading to registration and then the
 * calendar; to an event, with the event's page.
 */
export const mailInvitation: SubscriberOf<'invitation.sent'> = async (tx, event, ctx) => {
  if (event.invitee.userId) return;
  const { target } = event;
  const [name, link] =
    target.kind === 'calendar'
      ? [target.calendar.name, `${ctx.config.publicUrl}/calendars/${target.calendar.calendarId}/events`]
      : [target.root.name, `${ctx.config.publicUrl}${eventPath(target.root.name, target.root.id)}`];
  await addToOutbox(
    tx,
    'mail',
    invitationMail(target.kind, event.inviter.language, event.invitee.email, event.inviter.name, name, link),
  );
};

/** Whoever sent the invitation hears the answer. */
export const notifyInvitationAnswered: SubscriberOf<'invitation.answered'> = async (tx, event) => {
  if (!event.inviterId) return;
  const { target } = event;
  const accepted = event.answer === 'accepted';
  if (target.kind === 'calendar') {
    await notify(tx, [event.inviterId], accepted ? 'shareCalendarAccepted' : 'shareCalendarRejected', {
      actorId: event.recipientId,
      calendar: target.calendar,
      ...(accepted ? {} : { payload: { permissions: { canView: true } } }),
    });
    return;
  }
  await notify(tx, [event.inviterId], accepted ? 'shareEventAccepted' : 'shareEventRejected', {
    actorId: event.recipientId,
    event: target.event,
    calendar: target.calendar,
  });
};

/** The pending request of a withdrawn invitation leaves the person's feed. */
export const withdrawInvitationRequest: SubscriberOf<'invitation.withdrawn'> = (tx, event) => {
  const { target } = event;
  return target.kind === 'calendar'
    ? withdrawPendingRequests(tx, [event.userId], { type: 'shareCalendar', calendarId: target.calendarId })
    : withdrawPendingRequests(tx, [event.userId], { rsvpId: target.rsvpId });
};

/**
 * Someone removed by another person (not one who left) is told: a member of the calendar
 * (whether they still see it: a public one, yes), or an invitee of a sent event invitation.
 */
export const notifyInvitationWithdrawn: SubscriberOf<'invitation.withdrawn'> = async (tx, event) => {
  if (event.userId === event.actorId) return;
  const { target } = event;
  if (target.kind === 'calendar') {
    if (!target.wasConfirmed) return;
    await notify(tx, [event.userId], 'shareCalendarRemove', {
      actorId: event.actorId,
      calendar: target.calendar,
      payload: { permissions: { canView: target.calendar.visibility === 'public' } },
    });
    return;
  }
  if (!target.wasSent) return;
  await notify(tx, [event.userId], 'shareEventRemove', {
    actorId: event.actorId,
    event: target.event,
    payload: { permissions: { canView: false } },
  });
};
