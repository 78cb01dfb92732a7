import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { accounts, calendarMembers, events, userEventStatuses } from '../../db/schema/index.ts';

/**
 * A calendar's confirmed members are "in the loop" (rsvp none) of its events from the start: an
 * RSVP row is written for each when the event is created and, for a member who joins later, for
 * each event still to come. The first visit of anyone else who can see the event (a public
 * calendar) still writes theirs then (rsvp.service's getMyStatus). Rows already there (the
 * owner's, an invitation, an answer) are kept as they are.
 */

/** The columns an in-the-loop row fills, in the order the SELECTs below give them. */
const inTheLoopColumns = sql.raw(
  'id, event_id, user_id, email, name, group_id, rsvp, event_start, event_is_series',
);

/** The id of a row written in SQL: the same shape as `newId()` (a UUID without dashes). */
const sqlNewId = sql`replace(gen_random_uuid()::text, '-', '')`;

/** Every confirmed member of the new event's calendar gets an in-the-loop RSVP to it. */
export async function addLoopRowsForMembers(tx: Db, eventId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${userEventStatuses} (${inTheLoopColumns})
    SELECT ${sqlNewId}, ${events.id}, ${accounts.id}, ${accounts.email}, ${accounts.name},
      ${events.calendarId}, 'none', ${events.startDate}, ${events.repeatingRule} IS NOT NULL
    FROM ${events}
    JOIN ${calendarMembers} ON ${calendarMembers.calendarId} = ${events.calendarId}
      AND ${calendarMembers.isConfirmed}
    JOIN ${accounts} ON ${accounts.id} = ${calendarMembers.userId} AND ${accounts.status} <> 'deleted'
    WHERE ${events.id} = ${eventId}
    ON CONFLICT DO NOTHING`);
}

/**
 * Someone who just joined a calendar gets an in-the-loop RSVP to each of its events still to
 * come (a single event not yet over, a series still running); past events keep the people who
 * were there.
 */
export async function addLoopRowsForNewMember(tx: Db, calendarId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${userEventStatuses} (${inTheLoopColumns})
    SELECT ${sqlNewId}, ${events.id}, ${accounts.id}, ${accounts.email}, ${accounts.name},
      ${events.calendarId}, 'none', ${events.startDate}, ${events.repeatingRule} IS NOT NULL
    FROM ${events}
    JOIN ${accounts} ON ${accounts.id} = ${userId} AND ${accounts.status} <> 'deleted'
    WHERE ${events.calendarId} = ${calendarId} AND ${events.parentId} IS NULL AND ${events.deletedAt} IS NULL
      AND CASE WHEN ${events.repeatingRule} IS NULL THEN ${events.endDate} >= now()
        ELSE ${events.seriesUntil} IS NULL OR ${events.seriesUntil} >= now() END
    ON CONFLICT DO NOTHING`);
}

/**
 * Someone who left or was removed from a calendar is no longer in the loop of its events: the
 * rows membership gave them (rsvp none, never invited) go. An answer they gave, or an
 * invitation they hold, stays.
 */
export async function deleteLoopRowsOfFormerMember(
  tx: Db,
  calendarId: string,
  userId: string,
): Promise<void> {
  await tx.execute(sql`
    DELETE FROM ${userEventStatuses}
    WHERE ${userEventStatuses.userId} = ${userId} AND ${userEventStatuses.rsvp} = 'none'
      AND ${userEventStatuses.invitedById} IS NULL AND ${userEventStatuses.sharedAt} IS NULL
      AND ${userEventStatuses.eventId} IN (SELECT ${events.id} FROM ${events} WHERE ${events.calendarId} = ${calendarId})`);
}
