import type { SubscriberOf } from '../../context.ts';
import { listMemberIds } from '../calendars/calendars.service.ts';
import { notify, withdrawPendingRequests } from '../notifications/notifications.service.ts';
import { findCalendarRow } from './events.changes.ts';
import { announceEvent, calendarSnapshot, listConcernedUserIds, listRsvpUserIds } from './events.effects.ts';

/** The calendar's members hear of the new event in their feed. */
export const notifyEventCreated: SubscriberOf<'event.created'> = async (tx, event) => {
  await notify(tx, await listMemberIds(tx, event.root.calendarId), 'eventAddedToCalendar', {
    actorId: event.actorId,
    calendar: event.calendar,
    event: event.event,
  });
};

/** The members' and the owner's screens show it. */
export const announceEventCreated: SubscriberOf<'event.created'> = async (tx, event) => {
  const members = await listMemberIds(tx, event.root.calendarId);
  await announceEvent(tx, [...members, event.actorId], event.root.id, 'create');
};

/** The RSVP holders hear in their feed what changed. */
export const notifyEventChanged: SubscriberOf<'event.changed'> = async (tx, event) => {
  const calendar = await findCalendarRow(tx, event.root.calendarId);
  await notify(tx, await listRsvpUserIds(tx, event.root.id), 'eventChanged', {
    actorId: event.actorId,
    event: event.event,
    calendar: calendar ? calendarSnapshot(calendar) : null,
    payload: { changes: event.changes },
  });
};

/** Everyone concerned (and those the event just left, `alsoTell`) refreshes it. */
export const announceEventChanged: SubscriberOf<'event.changed'> = async (tx, event) => {
  const concerned = await listConcernedUserIds(tx, event.root);
  await announceEvent(tx, [...concerned, ...event.alsoTell], event.event.eventId, 'update');
};

/** Open invitations to a deleted event are taken back from the invitees' feeds. */
export const withdrawEventInvitations: SubscriberOf<'event.deleted'> = async (tx, event) => {
  const holders = await listRsvpUserIds(tx, event.root.id);
  await withdrawPendingRequests(tx, holders, { type: 'shareEvent', eventId: event.root.id });
};

/** The RSVP holders hear in their feed that the event (or one occurrence of it) is gone. */
export const notifyEventDeleted: SubscriberOf<'event.deleted' | 'occurrence.cancelled'> = async (
  tx,
  event,
) => {
  const calendar = await findCalendarRow(tx, event.root.calendarId);
  await notify(tx, await listRsvpUserIds(tx, event.root.id), 'eventDeleted', {
    actorId: event.actorId,
    event: event.event,
    calendar: calendar ? calendarSnapshot(calendar) : null,
  });
};

/** Everyone concerned drops it from their screens. */
export const announceEventDeleted: SubscriberOf<'event.deleted'> = async (tx, event) => {
  await announceEvent(tx, await listConcernedUserIds(tx, event.root), event.root.id, 'delete');
};

/** Everyone concerned drops the occurrence from their screens. */
export const announceOccurrenceCancelled: SubscriberOf<'occurrence.cancelled'> = async (tx, event) => {
  await announceEvent(tx, await listConcernedUserIds(tx, event.root), event.event.eventId, 'delete');
};

/** Someone who took the event out of their own calendar drops it from their screens. */
export const announceEventRemovedFromCalendar: SubscriberOf<'event.removedFromCalendar'> = (tx, event) =>
  announceEvent(tx, [event.actorId], event.eventId, 'delete');

/** Everyone concerned with the new tail of a split series shows it. */
export const announceSeriesTail: SubscriberOf<'series.split'> = async (tx, event) => {
  await announceEvent(tx, await listConcernedUserIds(tx, event.tail), event.tail.id, 'create');
};

/** People invited to the events of a deleted calendar from outside it drop each from their screens. */
export const announceCalendarEventsDeleted: SubscriberOf<'calendar.eventsDeleted'> = async (tx, event) => {
  for (const { userId, eventId } of event.invitations) await announceEvent(tx, [userId], eventId, 'delete');
};

/** Their open invitations to those events are taken back from their feeds. */
export const withdrawCalendarEventInvitations: SubscriberOf<'calendar.eventsDeleted'> = async (tx, event) => {
  const invitees = [...new Set(event.invitations.map((invitation) => invitation.userId))];
  await withdrawPendingRequests(tx, invitees, { type: 'shareEvent', calendarId: event.calendarId });
};
