import type { SubscriberOf } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import { notify } from '../notifications/notifications.service.ts';
import { listMemberIds } from './calendars.service.ts';

/**
 * Every member's People list and the calendar's abilities follow a change of its people
 * (`calendarMembers`, docs/ARCHITECTURE.md Realtime): sent to the confirmed members as they are
 * after the change.
 */
export async function announcePeopleChanged(
  tx: Db,
  calendarId: string,
  memberId: string,
  action: 'create' | 'update' | 'delete',
): Promise<void> {
  await recordRealtime(
    tx,
    (await listMemberIds(tx, calendarId)).map((userId) => ({
      userId,
      message: 'calendarMembers',
      payload: { calendarId, memberId, action },
    })),
  );
}

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

/** The members see an invitee join (or an invitation declined) in People. */
export const announceInvitationAnswered: SubscriberOf<'invitation.answered'> = async (tx, event) => {
  const { target } = event;
  if (target.kind !== 'calendar') return;
  await announcePeopleChanged(
    tx,
    target.calendarId,
    target.memberId,
    event.answer === 'accepted' ? 'update' : 'delete',
  );
};

/** A former member's screens drop the calendar ('calendar link removed'). */
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

/** The members who stay see the person (or the invitation) gone from People. */
export const announceMemberGone: SubscriberOf<'invitation.withdrawn'> = async (tx, event) => {
  const { target } = event;
  if (target.kind !== 'calendar') return;
  await announcePeopleChanged(tx, target.calendarId, target.memberId, 'delete');
};

/**
 * A member whose role changed has their calendar refreshed with their new permissions, and is
 * told in Activity (a `calendarChanged` notification whose `changes.role` is the new role).
 */
export const announceRoleChanged: SubscriberOf<'calendar.memberRoleChanged'> = async (tx, event) => {
  if (event.userId && event.isConfirmed) {
    await recordRealtime(tx, [
      {
        userId: event.userId,
        message: 'calendarLink',
        payload: { calendarId: event.calendarId, lastActionType: 'update' },
      },
    ]);
  }
  await announcePeopleChanged(tx, event.calendarId, event.memberId, 'update');
};

/** The member hears of their new role (an invitee sees it when they answer). */
export const notifyRoleChanged: SubscriberOf<'calendar.memberRoleChanged'> = async (tx, event) => {
  if (!event.userId || !event.isConfirmed) return;
  await notify(tx, [event.userId], 'calendarChanged', {
    actorId: event.actorId,
    calendar: event.calendar,
    payload: { changes: { role: event.role } },
    details: event.role,
  });
};
