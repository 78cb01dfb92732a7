import type { SubscriberOf } from '../../domainEvents.ts';
import { addToOutbox } from '../../platform/outbox.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import { notify, withdrawPendingRequests } from '../notifications/notifications.service.ts';
import { calendarInvitationMail } from './members.mails.ts';

/** A registered invitee gets a pending request to answer. */
export const notifyCalendarInvitation: SubscriberOf<'calendarInvitation.sent'> = async (tx, event) => {
  const { invitee } = event;
  if (!invitee.userId) return;
  await notify(tx, [invitee.userId], 'shareCalendar', {
    actorId: event.actorId,
    calendar: event.calendar,
    payload: { target: { userId: invitee.userId, name: invitee.name, email: invitee.email } },
  });
};

/** Anyone else gets an e-mail leading to registration, then the calendar. */
export const mailCalendarInvitation: SubscriberOf<'calendarInvitation.sent'> = async (tx, event, ctx) => {
  if (event.invitee.userId) return;
  const link = `${ctx.config.publicUrl}/calendars/${event.calendar.calendarId}/events`;
  await addToOutbox(
    tx,
    'mail',
    calendarInvitationMail(
      event.inviter.language,
      event.invitee.email,
      event.inviter.name,
      event.calendar.name,
      link,
    ),
  );
};

/** An accepted invitation puts the calendar in the new member's list at once. */
export const announceCalendarJoined: SubscriberOf<'calendarInvitation.answered'> = async (tx, event) => {
  if (event.answer !== 'accepted') return;
  await recordRealtime(tx, [
    {
      userId: event.recipientId,
      message: 'calendarLink',
      payload: { calendarId: event.calendarId, lastActionType: 'create' },
    },
  ]);
};

/** Whoever sent the invitation hears the answer. */
export const notifyCalendarInvitationAnswered: SubscriberOf<'calendarInvitation.answered'> = async (
  tx,
  event,
) => {
  if (!event.inviterId) return;
  await notify(
    tx,
    [event.inviterId],
    event.answer === 'accepted' ? 'shareCalendarAccepted' : 'shareCalendarRejected',
    {
      actorId: event.recipientId,
      calendar: event.calendar,
      ...(event.answer === 'accepted' ? {} : { payload: { permissions: { canView: true } } }),
    },
  );
};

/** A pending request to join disappears with the invitation. */
export const withdrawCalendarInvitation: SubscriberOf<'calendarMember.removed'> = (tx, event) =>
  withdrawPendingRequests(tx, [event.userId], { type: 'shareCalendar', calendarId: event.calendarId });

/** A former member's screens drop the calendar. */
export const announceMemberRemoved: SubscriberOf<'calendarMember.removed'> = async (tx, event) => {
  if (!event.wasConfirmed) return;
  await recordRealtime(tx, [
    {
      userId: event.userId,
      message: 'calendarLink',
      payload: { calendarId: event.calendarId, lastActionType: 'delete', reason: 'memberRemoved' },
    },
  ]);
};

/** A member removed by someone else (not one who left) is told, and whether they still see it. */
export const notifyMemberRemoved: SubscriberOf<'calendarMember.removed'> = async (tx, event) => {
  if (!event.wasConfirmed || event.userId === event.actorId) return;
  await notify(tx, [event.userId], 'shareCalendarRemove', {
    actorId: event.actorId,
    calendar: event.calendar,
    payload: { permissions: { canView: event.calendar.visibility === 'public' } },
  });
};
