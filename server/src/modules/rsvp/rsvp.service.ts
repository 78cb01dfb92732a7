import {
  attendanceValues,
  type RsvpOptions,
  rsvpLabelKeys,
  rsvpValues,
  type UserEventStatus,
  type updateUserEventStatusBody,
  type userEventStatusesQuery,
} from '@convene/contract';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type AccountFields, accountFieldColumns } from '../../db/accountFields.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { rawRowReader } from '../../db/rawRows.ts';
import { accounts, userEventStatuses } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { accountPolicy } from '../accounts/accounts.policy.ts';
import {
  type EventAccess,
  findEventWithAccess,
  findLiveRootWithAccess,
  type RsvpRow,
} from '../events/events.access.ts';
import { eventSnapshot } from '../events/events.effects.ts';
import { eventPolicy } from '../events/events.policy.ts';
import { countedRsvp, rootItem } from '../events/events.presenter.ts';
import { rsvpPolicy } from './rsvp.policy.ts';
import { presentUserEventStatus } from './rsvp.presenter.ts';

/** GET /api/rsvp: the RSVP vocabulary (our reading of the spec's unlabelled call). */
export function getRsvpOptions(): RsvpOptions {
  return {
    choices: ['attending', 'notAttending', 'none'],
    values: rsvpValues.map((rsvp) => ({ rsvp, labelKey: rsvpLabelKeys[rsvp] })),
    attendance: [...attendanceValues],
  };
}

/**
 * Presents RSVP rows with their accounts, for one viewer: the viewer's own account is the one
 * this request signed in with; the others are read in one statement unless the caller has them.
 */
async function presentRows(
  db: Db,
  rows: RsvpRow[],
  viewer: Viewer,
  access: EventAccess,
  known?: Map<string, AccountFields>,
) {
  const own = viewer.account;
  let byId = known;
  if (!byId) {
    const ids = rows.flatMap((row) => (row.userId && row.userId !== own.id ? [row.userId] : []));
    const found =
      ids.length === 0
        ? []
        : await db.select(accountFieldColumns).from(accounts).where(inArray(accounts.id, ids));
    byId = new Map(found.map((account) => [account.id, account]));
  }
  byId.set(own.id, own);
  return rows.map((row) =>
    presentUserEventStatus(row, row.userId ? (byId.get(row.userId) ?? null) : null, {
      userId: own.id,
      seesInvitedAddresses: eventPolicy.can(access, 'seeInvitedAddresses'),
    }),
  );
}

/** An RSVP row by id (every answer starts with it). */
const rsvpByIdQuery = preparedPerDb((db) =>
  db
    .select()
    .from(userEventStatuses)
    .where(eq(userEventStatuses.id, sql.placeholder('id')))
    .prepare('rsvp_by_id'),
);

const rsvpRowOf = rawRowReader(userEventStatuses);

/** The event an id names (an occurrence's series) and the viewer's access to it. */
async function loadEvent(ctx: AppContext, viewer: Viewer, eventId: string) {
  return (await findEventWithAccess(ctx.db, eventId, viewer.account.id)).access;
}

/**
 * GET /api/events/{id}/userEventStatus: the viewer's RSVP. Someone who can see the event but
 * has none yet is put "in the loop" (rsvp none), so they have an RSVP to answer with; an
 * invitation sent to their address before they registered becomes theirs.
 */
export async function getMyStatus(
  ctx: AppContext,
  viewer: Viewer,
  eventId: string,
): Promise<UserEventStatus> {
  const access = await loadEvent(ctx, viewer, eventId);
  let row = access.invitation;
  if (!row) {
    const { account } = viewer;
    // An invitation sent to the address becomes theirs only once they confirmed it.
    const mine =
      account.status === 'active'
        ? or(
            eq(userEventStatuses.userId, account.id),
            and(eq(userEventStatuses.email, account.email), isNull(userEventStatuses.userId)),
          )
        : eq(userEventStatuses.userId, account.id);
    row = await transact(ctx, async (tx) => {
      const created = await tx
        .insert(userEventStatuses)
        .values({
          id: newId(),
          eventId: access.event.id,
          userId: account.id,
          email: account.email,
          name: account.name,
          groupId: access.event.calendarId,
          rsvp: 'none',
          eventStart: access.event.startDate,
          eventIsSeries: access.event.repeatingRule !== null,
        })
        .onConflictDoNothing()
        .returning({ id: userEventStatuses.id });
      const [existing] = await tx
        .update(userEventStatuses)
        .set({ userId: account.id })
        .where(and(eq(userEventStatuses.eventId, access.event.id), mine))
        .returning();
      // Unconfirmed, with an invitation waiting for their address: it is not theirs to answer yet.
      if (!existing) accountPolicy.authorize({ account, userId: account.id }, 'claimInvitationByAddress');
      if (!existing) throw new Error('RSVP row missing after insert');
      if (created.length > 0) {
        await ctx.record(tx, {
          type: 'rsvp.created',
          actorId: account.id,
          root: { id: access.event.id, ownerId: access.event.ownerId },
          rsvpId: existing.id,
        });
      }
      return existing;
    });
  }
  const [presented] = await presentRows(ctx.db, [row], viewer, access);
  return presented as UserEventStatus;
}

/** The RSVPs an event's attendee list counts. */
const attendeesOf = () => and(eq(userEventStatuses.eventId, sql.placeholder('eventId')), countedRsvp);

/**
 * A page of attendees with their accounts and the number of them all, in one statement (the
 * count is a window over every counted row, computed before the page is cut).
 */
const attendeesPageQuery = preparedPerDb((db) =>
  db
    .select({
      rsvp: userEventStatuses,
      account: accountFieldColumns,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(userEventStatuses)
    .leftJoin(accounts, eq(accounts.id, userEventStatuses.userId))
    .where(attendeesOf())
    .orderBy(sql`lower(${userEventStatuses.name})`, asc(userEventStatuses.id))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('take'))
    .prepare('attendees_page'),
);

/** The number of attendees, for a page beyond the last (which has no row to carry it). */
const attendeesCountQuery = preparedPerDb((db) =>
  db.select({ value: count() }).from(userEventStatuses).where(attendeesOf()).prepare('attendees_count'),
);

/** GET /api/events/{id}/userEventStatuses: the attendees, paged by name (10 a page). */
export async function listStatuses(
  ctx: AppContext,
  viewer: Viewer,
  eventId: string,
  query: z.output<typeof userEventStatusesQuery>,
): Promise<{ userEventStatuses: UserEventStatus[]; totalNumberOfUsers: number }> {
  const access = await loadEvent(ctx, viewer, eventId);
  const page = await attendeesPageQuery(ctx.db).execute({
    eventId: access.event.id,
    skip: query.skipNumber,
    take: query.resultsPerPage,
  });
  const total =
    page[0]?.total ??
    (query.skipNumber > 0
      ? ((await attendeesCountQuery(ctx.db).execute({ eventId: access.event.id }))[0]?.value ?? 0)
      : 0);
  const known = new Map(page.flatMap(({ account }) => (account ? [[account.id, account] as const] : [])));
  return {
    userEventStatuses: await presentRows(
      ctx.db,
      page.map(({ rsvp }) => rsvp),
      viewer,
      access,
      known,
    ),
    totalNumberOfUsers: total,
  };
}

/**
 * PUT /api/userEventStatuses/{rsvpId}: the viewer answers for themselves. One row update, and
 * the statistics are counted from the rows, so they stay exact however many answer at once.
 * The owner hears of a changed answer or attendance.
 */
export async function updateStatus(
  ctx: AppContext,
  viewer: Viewer,
  rsvpId: string,
  body: z.output<typeof updateUserEventStatusBody>,
): Promise<UserEventStatus> {
  const [row] = await rsvpByIdQuery(ctx.db).execute({ id: rsvpId });
  if (!row) throw notFound('No such RSVP');
  // An RSVP belongs to a single event or a series, never to one of its exceptions.
  const access = await findLiveRootWithAccess(ctx.db, row.eventId, viewer.account.id);
  if (!access) throw notFound('No such RSVP');
  const root = access.event;
  rsvpPolicy.authorize({ event: access, rsvp: row, viewerId: viewer.account.id }, 'answer');
  const { rsvp, attendance } = body.statuses;
  const updated = await transact(ctx, async (tx) => {
    // The answer as it stood and as it is now in one statement: the row is locked (waiting for
    // a concurrent answer to commit) and read, then updated, so `changes` names only what this
    // answer changed.
    const answered = (await tx.execute(sql`
      WITH before AS (
        SELECT id, rsvp, attendance FROM ${userEventStatuses} WHERE id = ${rsvpId} FOR UPDATE
      )
      UPDATE ${userEventStatuses} AS u SET updated_at = ${new Date().toISOString()}::timestamptz
        ${rsvp === undefined ? sql`` : sql`, rsvp = ${rsvp}`}
        ${attendance === undefined ? sql`` : sql`, attendance = ${attendance}`}
      FROM before WHERE u.id = before.id
      RETURNING u.*, before.rsvp AS rsvp_before, before.attendance AS attendance_before`)) as unknown as {
      rows: Array<Record<string, unknown>>;
    };
    const [raw] = answered.rows;
    if (!raw) throw notFound('No such RSVP');
    const after = rsvpRowOf(raw);
    await ctx.record(tx, {
      type: 'rsvp.updated',
      actorId: viewer.account.id,
      root: { id: root.id, ownerId: root.ownerId },
      event: eventSnapshot(rootItem(root)),
      rsvpId: after.id,
      inviterId: after.invitedById,
      changes: {
        ...(raw.rsvp_before !== after.rsvp ? { rsvp: after.rsvp } : {}),
        ...(raw.attendance_before !== after.attendance ? { attendance: after.attendance } : {}),
      },
    });
    return after;
  });
  // The viewer answered for themselves (the policy above): the row is theirs.
  const [presented] = await presentRows(ctx.db, [updated], viewer, access);
  return presented as UserEventStatus;
}
