import { eventPath } from '@convene/contract';
import { eq } from 'drizzle-orm';
import type { SubscriberOf } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { accounts } from '../../db/schema/index.ts';
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

/** A registered invitee gets a pending request to answer, unless the invitation is silent. */
export const notifyInvitation: SubscriberOf<'invitation.sent'> = async (tx, event) => {
  if (event.isSilent) return;
  await requestAnswer(tx, event.actorId, event.invitee, event.target);
};

/** Invitations that waited for an address reach its account, now proven, as pending requests. */
export const notifyAttachedInvitation: SubscriberOf<'invitation.attached'> = (tx, event) =>
  requestAnswer(tx, event.inviterId, event.invitee, event.target);

/** Where and in which language a registered invitee reads their mail. */
async function findMailbox(tx: Db, userId: string) {
  const [row] = await tx
    .select({ email: accounts.email, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.id, userId));
  return row ?? null;
}

/**
 * Every invitee gets an e-mail (sending spent the sender's hourly limit), unless the invitation
 * is silent. A registered person, picked by name, in their own language, is sent to their
 * requests to answer. Anyone else, in the inviter's language: to a calendar, the link leads to
 * registration and then the calendar; to an event, it is the event's page.
 */
export const mailInvitation: SubscriberOf<'invitation.sent'> = async (tx, event, ctx) => {
  if (event.isSilent) return;
  const { target, invitee } = event;
  const name = target.kind === 'calendar' ? target.calendar.name : target.root.name;
  const mailbox = invitee.userId ? await findMailbox(tx, invitee.userId) : null;
  const link = invitee.userId
    ? `${ctx.config.publicUrl}/activity/requests`
    : target.kind === 'calendar'
      ? `${ctx.config.publicUrl}/calendars/${target.calendar.calendarId}/events`
      : `${ctx.config.publicUrl}${eventPath(target.root.name, target.root.id)}`;
  await addToOutbox(
    tx,
    'mail',
    invitationMail({
      kind: target.kind,
      hasAccount: invitee.userId !== null,
      language: mailbox?.language ?? event.inviter.language,
      to: mailbox?.email ?? invitee.email,
      inviter: event.inviter.name,
      name,
      link,
    }),
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
