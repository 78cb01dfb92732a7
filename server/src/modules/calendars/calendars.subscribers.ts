import type { SubscriberOf } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import { notify } from '../notifications/notifications.service.ts';
import { listMemberIds } from './calendars.service.ts';

/** Tells the given people's sockets (every confirmed member by default) that the calendar changed. */
async function announceCalendar(
  tx: Db,
  calendarId: string,
  lastActionType: 'create' | 'update' | 'delete',
  userIds?: string[],
): Promise<void> {
  await recordRealtime(
    tx,
    (userIds ?? (await listMemberIds(tx, calendarId))).map((userId) => ({
      userId,
      message: 'calendar',
      payload: { calendarId, lastActionType },
    })),
  );
}

/** A new calendar joins its owner's list. */
export const announceCalendarCreated: SubscriberOf<'calendar.created'> = (tx, event) =>
  announceCalendar(tx, event.calendarId, 'create', [event.actorId]);

/** The other members hear of the change in their feed. */
export const notifyCalendarUpdated: SubscriberOf<'calendar.updated'> = async (tx, event) => {
  const members = (await listMemberIds(tx, event.calendarId)).filter((id) => id !== event.actorId);
  await notify(tx, members, 'calendarChanged', {
    actorId: event.actorId,
    calendar: event.calendar,
    payload: { changes: event.changes },
  });
};

/** Every member's open screens refresh the calendar. */
export const announceCalendarUpdated: SubscriberOf<'calendar.updated'> = (tx, event) =>
  announceCalendar(tx, event.calendarId, 'update');

/** The members hear in their feed that the calendar is gone. */
export const notifyCalendarDeleted: SubscriberOf<'calendar.deleted'> = async (tx, event) => {
  await notify(tx, event.memberIds, 'calendarDeleted', {
    actorId: event.actorId,
    calendar: event.calendar,
    payload: { permissions: { canView: false } },
  });
};

/**
 * The owner's screens drop the calendar ('calendar removed'); the other members learn it was
 * deleted by its owner, not that they were removed (PRODUCT.md §1.4).
 */
export const announceCalendarDeleted: SubscriberOf<'calendar.deleted'> = (tx, event) =>
  recordRealtime(
    tx,
    event.memberIds.map((userId) =>
      userId === event.actorId
        ? { userId, message: 'calendar', payload: { calendarId: event.calendarId, lastActionType: 'delete' } }
        : {
            userId,
            message: 'calendarLink',
            payload: { calendarId: event.calendarId, lastActionType: 'delete', reason: 'calendarDeleted' },
          },
    ),
  );
