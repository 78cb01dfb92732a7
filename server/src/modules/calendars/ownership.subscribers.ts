import type { SubscriberOf } from '../../context.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import { notify, withdrawPendingRequests } from '../notifications/notifications.service.ts';
import { listMemberIds } from './calendars.service.ts';
import { announcePeopleChanged } from './members.subscribers.ts';

/**
 * What handing a calendar over tells whom (docs/PRODUCT.md, Calendar roles): the offered member
 * gets a `shareCalendarOwnerChange` request; the owner hears a decline
 * (`shareCalendarOwnerRejected`) or an acceptance (`shareCalendarNotifyOwner`); the member hears
 * that the owner took the offer back (`shareCalendarCancelOwnerChange`), and their request goes.
 */

/** The offered member gets the request to accept or decline; People shows the offer. */
export const requestOwnership: SubscriberOf<'calendar.ownershipOffered'> = async (tx, event) => {
  await notify(tx, [event.userId], 'shareCalendarOwnerChange', {
    actorId: event.actorId,
    calendar: event.calendar,
  });
  await announcePeopleChanged(tx, event.calendarId, event.memberId, 'update');
};

/** A cancelled offer's request leaves the member's feed; they are told; People drops the offer. */
export const withdrawOwnershipRequest: SubscriberOf<'calendar.ownershipOfferCancelled'> = async (
  tx,
  event,
) => {
  await withdrawPendingRequests(tx, [event.userId], {
    type: 'shareCalendarOwnerChange',
    calendarId: event.calendarId,
  });
  await notify(tx, [event.userId], 'shareCalendarCancelOwnerChange', {
    actorId: event.actorId,
    calendar: event.calendar,
  });
  await announcePeopleChanged(tx, event.calendarId, event.memberId, 'update');
};

/** The owner hears that the member declined; their People and abilities drop the offer. */
export const notifyOwnershipDeclined: SubscriberOf<'calendar.ownershipDeclined'> = async (tx, event) => {
  await notify(tx, [event.ownerId], 'shareCalendarOwnerRejected', {
    actorId: event.actorId,
    calendar: event.calendar,
  });
  await announcePeopleChanged(tx, event.calendarId, event.memberId, 'update');
};

/** The owner until now hears that the member took the calendar over (and that they are an admin). */
export const notifyOwnerChanged: SubscriberOf<'calendar.ownerChanged'> = async (tx, event) => {
  await notify(tx, [event.previousOwnerId], 'shareCalendarNotifyOwner', {
    actorId: event.actorId,
    calendar: event.calendar,
    payload: { changes: { role: 'admin' } },
    details: 'admin',
  });
};

/**
 * The two people whose permissions changed get their link updated; every member refreshes the
 * calendar (its owner) and its People.
 */
export const announceOwnerChanged: SubscriberOf<'calendar.ownerChanged'> = async (tx, event) => {
  const { calendarId } = event;
  await recordRealtime(tx, [
    ...[event.actorId, event.previousOwnerId].map((userId) => ({
      userId,
      message: 'calendarLink' as const,
      payload: { calendarId, lastActionType: 'update' as const },
    })),
    ...(await listMemberIds(tx, calendarId)).map((userId) => ({
      userId,
      message: 'calendar' as const,
      payload: { calendarId, lastActionType: 'update' as const },
    })),
  ]);
  await announcePeopleChanged(tx, calendarId, event.memberId, 'update');
};

/** A member removed (or gone) while offered the calendar: the offer ended with them, and so does its request. */
export const withdrawRemovedMemberOffer: SubscriberOf<'invitation.withdrawn'> = async (tx, event) => {
  if (event.target.kind !== 'calendar' || !event.target.wasConfirmed) return;
  await withdrawPendingRequests(tx, [event.userId], {
    type: 'shareCalendarOwnerChange',
    calendarId: event.target.calendarId,
  });
};

/** A deleted calendar's pending offer of ownership goes with it. */
export const withdrawDeletedCalendarOffer: SubscriberOf<'calendar.deleted'> = (tx, event) =>
  withdrawPendingRequests(tx, event.memberIds, {
    type: 'shareCalendarOwnerChange',
    calendarId: event.calendarId,
  });
