import {
  isRequestType,
  type Notification,
  type NotificationHistory,
  type NotificationType,
  type RequestType,
} from '@convene/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import {
  accounts,
  calendarMembers,
  type NotificationCalendar,
  type NotificationEvent,
  type NotificationPayload,
  notifications,
  userBlocks,
} from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { addToOutbox } from '../../platform/outbox.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import { transact } from '../../platform/transaction.ts';
import { presentNotification } from './notifications.presenter.ts';

/** What a notification is about and who caused it. */
export interface NotifyDetails {
  /** The user whose action this is; never notified, and not heard by those who blocked them. */
  actorId: string | null;
  initiatorId?: string | null;
  payload?: Partial<NotificationPayload>;
  calendar?: NotificationCalendar | null;
  event?: NotificationEvent | null;
  /** The RSVP an answer to this request sets, per recipient. */
  rsvpIds?: Record<string, string>;
  details?: string | null;
  /**
   * Only the latest of these counts (a person's answer to an event): the actor's unread
   * notification of the same type about the same event is replaced, not joined by another.
   */
  replacesUnread?: boolean;
}

/** Of the given users, those who turned notices off for this calendar (their own setting). */
async function listRecipientsWithNoticesOff(
  tx: Db,
  calendarId: string,
  userIds: string[],
): Promise<string[]> {
  const members = await tx
    .select({ userId: calendarMembers.userId, settings: calendarMembers.settings })
    .from(calendarMembers)
    .where(and(eq(calendarMembers.calendarId, calendarId), inArray(calendarMembers.userId, userIds)));
  return members.filter((member) => !member.settings.enableNotices).map((member) => member.userId as string);
}

/**
 * For each recipient, the actor's unread notification of this type about this event, brought up
 * to date as if new (payload, date). Answers the rows replaced; recipients without one get a new
 * row from `notify`.
 */
async function replaceUnread(
  tx: Db,
  recipients: string[],
  type: NotificationType,
  details: NotifyDetails,
  payload: NotificationPayload,
): Promise<Array<typeof notifications.$inferSelect>> {
  if (!details.actorId || !details.event) return [];
  return tx
    .update(notifications)
    .set({ payload, event: details.event, actionDate: sql`now()` })
    .where(
      and(
        inArray(notifications.recipientId, recipients),
        eq(notifications.hasBeenRead, false),
        eq(notifications.type, type),
        eq(notifications.senderId, details.actorId),
        eq(notifications.eventId, details.event.eventId),
      ),
    )
    .returning();
}

/**
 * Writes one notification per recipient in the caller's transaction and records, through the
 * outbox, the realtime `notification` message and a Web Push for each. The actor is never
 * notified, nor is anyone who blocked the actor; plain notifications about a calendar honour
 * each recipient's notice setting for it (requests always arrive); with `replacesUnread`, a
 * recipient's unread one of the same kind is replaced instead. Answers the rows written.
 */
export async function notify(
  tx: Db,
  recipients: string[],
  type: NotificationType,
  details: NotifyDetails,
): Promise<Array<typeof notifications.$inferSelect>> {
  let targets = [...new Set(recipients)].filter((id) => id !== details.actorId);
  if (targets.length > 0 && details.actorId) {
    const blockers = await tx
      .select({ id: userBlocks.blockerId })
      .from(userBlocks)
      .where(and(eq(userBlocks.blockedId, details.actorId), inArray(userBlocks.blockerId, targets)));
    const blocked = new Set(blockers.map((row) => row.id));
    targets = targets.filter((id) => !blocked.has(id));
  }
  const isRequest = isRequestType(type);
  if (!isRequest && targets.length > 0 && details.calendar) {
    const muted = new Set(await listRecipientsWithNoticesOff(tx, details.calendar.calendarId, targets));
    targets = targets.filter((id) => !muted.has(id));
  }
  if (targets.length === 0) return [];
  const payload: NotificationPayload = {
    requiresRSVP: false,
    permissions: { canView: true },
    initiator: null,
    target: null,
    changes: null,
    ...details.payload,
  };
  const replaced = details.replacesUnread ? await replaceUnread(tx, targets, type, details, payload) : [];
  const replacedFor = new Set(replaced.map((row) => row.recipientId));
  targets = targets.filter((id) => !replacedFor.has(id));
  const inserted =
    targets.length === 0
      ? []
      : await tx
          .insert(notifications)
          .values(
            targets.map((recipientId) => ({
              id: newId(),
              recipientId,
              type,
              senderId: details.actorId,
              initiatorId: details.initiatorId ?? details.actorId,
              status: isRequest ? 'pending' : null,
              payload,
              rsvpId: details.rsvpIds?.[recipientId] ?? null,
              calendarId: details.calendar?.calendarId ?? null,
              eventId: details.event?.eventId ?? null,
              calendar: details.calendar ?? null,
              event: details.event ?? null,
              details: details.details ?? null,
            })),
          )
          .returning();
  const rows = [...replaced, ...inserted];
  // A replaced row keeps its id, so its Web Push (tagged with the id) replaces the shown one too.
  for (const row of rows) {
    await recordRealtime(tx, [
      { userId: row.recipientId, message: 'notification', payload: { notificationId: row.id } },
    ]);
    await addToOutbox(tx, 'push', { notificationId: row.id });
  }
  return rows;
}

/**
 * Removes pending requests that no longer stand (an invitation taken back, its event or
 * calendar deleted) from their recipients' feeds. The module that owns the request says which;
 * answered requests stay as history.
 */
export async function withdrawPendingRequests(
  tx: Db,
  recipientIds: string[],
  about: { type?: RequestType; calendarId?: string; eventId?: string; rsvpId?: string },
): Promise<void> {
  if (recipientIds.length === 0) return;
  await tx
    .delete(notifications)
    .where(
      and(
        inArray(notifications.recipientId, recipientIds),
        about.type ? eq(notifications.type, about.type) : undefined,
        about.calendarId ? eq(notifications.calendarId, about.calendarId) : undefined,
        about.eventId ? eq(notifications.eventId, about.eventId) : undefined,
        about.rsvpId ? eq(notifications.rsvpId, about.rsvpId) : undefined,
        eq(notifications.status, 'pending'),
      ),
    );
}

const sender = alias(accounts, 'sender');
const initiator = alias(accounts, 'initiator');

/** Notifications with the people they name, newest first, for `where`. */
function presentedQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      row: notifications,
      sender: { userId: sender.id, name: sender.name, imageLink: sender.imageLink },
      initiator: { userId: initiator.id, name: initiator.name, imageLink: initiator.imageLink },
    })
    .from(notifications)
    .leftJoin(sender, eq(sender.id, notifications.senderId))
    .leftJoin(initiator, eq(initiator.id, notifications.initiatorId))
    .where(where)
    .orderBy(desc(notifications.actionDate), desc(notifications.id))
    .$dynamic();
}

type PresentedRow = Awaited<ReturnType<typeof presentedQuery>>[number];

/** A page of one recipient's feed (the activity screen's every visit), built once. */
const feedPageQuery = preparedPerDb((db) =>
  presentedQuery(db, eq(notifications.recipientId, sql.placeholder('recipientId')))
    .offset(sql.placeholder('skip'))
    .limit(sql.placeholder('take'))
    .prepare('notification_feed_page'),
);

function presentRows(ctx: AppContext, rows: PresentedRow[]) {
  return rows.map((entry) =>
    presentNotification(
      entry.row,
      {
        sender: entry.sender?.userId ? entry.sender : null,
        initiator: entry.initiator?.userId ? entry.initiator : null,
      },
      ctx.notificationTokens,
    ),
  );
}

/** The recipient's notifications with the people they name, newest first. */
async function selectPresented(
  ctx: AppContext,
  where: SQL | undefined,
  page?: { skip: number; take: number },
) {
  const query = presentedQuery(ctx.db, where);
  return presentRows(ctx, page ? await query.offset(page.skip).limit(page.take) : await query);
}

const unreadQuery = preparedPerDb((db) =>
  db
    .select({ value: count() })
    .from(notifications)
    .where(
      and(eq(notifications.recipientId, sql.placeholder('userId')), eq(notifications.hasBeenRead, false)),
    )
    .prepare('notification_unread_count'),
);

/** Unread notifications of a user. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await unreadQuery(db).execute({ userId });
  return row?.value ?? 0;
}

/** A page of the feed (all, or pending requests only) and the unread count. */
export async function listHistory(
  ctx: AppContext,
  userId: string,
  query: { skipNumber: number; resultsPerPage: number; status?: 'pending' },
): Promise<NotificationHistory> {
  const page = { skip: query.skipNumber, take: query.resultsPerPage };
  const [rows, unreadCount] = await Promise.all([
    query.status
      ? selectPresented(
          ctx,
          and(eq(notifications.recipientId, userId), eq(notifications.status, query.status)),
          page,
        )
      : feedPageQuery(ctx.db)
          .execute({ recipientId: userId, ...page })
          .then((found) => presentRows(ctx, found)),
    countUnread(ctx.db, userId),
  ]);
  return { notifications: rows, unreadCount };
}

/** Marks one of the user's notifications read or unread. */
export async function markNotification(
  ctx: AppContext,
  userId: string,
  input: { notificationId: string; hasBeenRead: boolean },
): Promise<Notification> {
  const updated = await ctx.db
    .update(notifications)
    .set({ hasBeenRead: input.hasBeenRead })
    .where(and(eq(notifications.id, input.notificationId), eq(notifications.recipientId, userId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound('No such notification');
  const [presented] = await selectPresented(ctx, eq(notifications.id, input.notificationId));
  if (!presented) throw notFound('No such notification');
  return presented;
}

/** Marks every notification of the user read. */
export async function markAllAsRead(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ hasBeenRead: true })
    .where(and(eq(notifications.recipientId, userId), eq(notifications.hasBeenRead, false)));
}

/**
 * Accepts or declines a pending request by its token. The status change is one conditional
 * UPDATE, so a token works once: a second answer finds nothing pending and changes nothing.
 */
export async function answerRequest(
  ctx: AppContext,
  userId: string,
  token: string,
  answer: 'accepted' | 'rejected',
): Promise<Notification> {
  const id = ctx.notificationTokens.verify(token);
  if (!id) throw notFound('No such request');
  await transact(ctx, async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({
        status: answer,
        hasBeenRead: true,
        payload: sql`jsonb_set(${notifications.payload}, '{requiresRSVP}', 'false'::jsonb)`,
      })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.recipientId, userId),
          eq(notifications.status, 'pending'),
        ),
      )
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ status: notifications.status })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)));
      if (!existing) throw notFound('No such request');
      throw new ApiError(409, 'CONFLICT', 'This request was already answered');
    }
    if (!isRequestType(row.type)) throw new Error(`pending notification of non-request type ${row.type}`);
    const effect = ctx.requestEffects[row.type];
    await (answer === 'accepted' ? effect.accept(tx, ctx, row) : effect.decline(tx, ctx, row));
    await recordRealtime(tx, [{ userId, message: 'notification', payload: { notificationId: id } }]);
  });
  const [presented] = await selectPresented(ctx, eq(notifications.id, id));
  if (!presented) throw notFound('No such request');
  return presented;
}
