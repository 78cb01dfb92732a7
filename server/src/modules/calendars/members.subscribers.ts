import type { SubscriberOf } from '../../context.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';

/** An accepted calendar invitation puts the calendar in the new member's list at once. */
export const announceCalendarJoined: SubscriberOf<'invitation.answered'> = async (tx, event) => {
  const { target } = event;
  if (target.kind !== 'calendar' || event.answer !== 'accepted') return;
  await recordRealtime(tx, [
    {
      userId: event.recipientId,
      message: 'calendarLink',
      payload: { calendarId: target.calendarId, lastActionType: 'create' },
    },
  ]);
};

/** A former member's screens drop the calendar. */
export const announceMemberRemoved: SubscriberOf<'invitation.withdrawn'> = async (tx, event) => {
  const { target } = event;
  if (target.kind !== 'calendar' || !target.wasConfirmed) return;
  await recordRealtime(tx, [
    {
      userId: event.userId,
      message: 'calendarLink',
      payload: { calendarId: target.calendarId, lastActionType: 'delete', reason: 'memberRemoved' },
    },
  ]);
};
