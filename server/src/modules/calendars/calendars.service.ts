import {
  type Calendar,
  calendarMessages,
  type createCalendarBody,
  rolePermissions,
  type updateCalendarBody,
} from '@convene/contract';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import type { CalendarSettings, PermissionFlags } from '../../db/schema/index.ts';
import { accounts, calendarMembers, calendars } from '../../db/schema/index.ts';
import { validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { deleteCalendarEvents } from '../events/events.cleanup.ts';
import { type CalendarAccess, getCalendarAccess } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';
import { presentCalendar } from './calendars.presenter.ts';

/** Defaults of PRODUCT.md §1.9 for a new calendar. */
export const defaultCalendarColor = '#4256c1';
export const defaultCalendarPermissions: PermissionFlags = {
  canView: true,
  canAdd: false,
  canEdit: false,
  canShare: true,
};
export const defaultCalendarSettings: CalendarSettings = {
  enableETA: false,
  enableNotices: true,
  enableChatPushNotifications: true,
  order: 0,
};

type CalendarRow = typeof calendars.$inferSelect;

async function insertCalendar(
  tx: Db,
  owner: { id: string; name: string; email: string },
  values: Omit<typeof calendars.$inferInsert, 'id' | 'ownerId' | 'settings'>,
): Promise<CalendarRow> {
  const [row] = await tx
    .insert(calendars)
    .values({ id: newId(), ownerId: owner.id, settings: defaultCalendarSettings, ...values })
    .returning();
  if (!row) throw new Error('calendar insert returned nothing');
  await tx.insert(calendarMembers).values({
    id: newId(),
    calendarId: row.id,
    userId: owner.id,
    email: owner.email,
    name: owner.name,
    role: 'owner',
    permissions: rolePermissions.owner,
    isConfirmed: true,
    settings: defaultCalendarSettings,
  });
  return row;
}

/**
 * Creates the account's personal calendar in the registration transaction. It is private,
 * so (PRODUCT.md §1.4) its default permissions allow adding.
 */
export async function createPersonalCalendar(
  tx: Db,
  owner: { id: string; name: string; email: string },
): Promise<string> {
  const row = await insertCalendar(tx, owner, {
    name: owner.name,
    visibility: 'private',
    color: defaultCalendarColor,
    isPersonal: true,
    defaultPermissions: { ...defaultCalendarPermissions, canAdd: true },
  });
  return row.id;
}

/** Confirmed members' user ids (the people a change to the calendar concerns). */
export async function listMemberIds(tx: Db, calendarId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: calendarMembers.userId })
    .from(calendarMembers)
    .where(and(eq(calendarMembers.calendarId, calendarId), eq(calendarMembers.isConfirmed, true)));
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}

/** Presents calendars for one viewer with two batched queries (owners, member counts). */
async function presentMany(
  db: Db,
  entries: Array<{ calendar: CalendarRow; member: typeof calendarMembers.$inferSelect | null }>,
): Promise<Calendar[]> {
  if (entries.length === 0) return [];
  const ids = entries.map((entry) => entry.calendar.id);
  const ownerIds = [...new Set(entries.map((entry) => entry.calendar.ownerId))];
  const [owners, counts] = await Promise.all([
    db
      .select({ userId: accounts.id, name: accounts.name, imageLink: accounts.imageLink })
      .from(accounts)
      .where(inArray(accounts.id, ownerIds)),
    db
      .select({ calendarId: calendarMembers.calendarId, value: count() })
      .from(calendarMembers)
      .where(and(inArray(calendarMembers.calendarId, ids), eq(calendarMembers.isConfirmed, true)))
      .groupBy(calendarMembers.calendarId),
  ]);
  const ownerById = new Map(owners.map((owner) => [owner.userId, owner]));
  const countById = new Map(counts.map((row) => [row.calendarId, row.value]));
  return entries.map((entry) =>
    presentCalendar(
      entry.calendar,
      entry.member,
      ownerById.get(entry.calendar.ownerId) ?? { userId: entry.calendar.ownerId, name: '', imageLink: null },
      countById.get(entry.calendar.id) ?? 0,
    ),
  );
}

/** One calendar as the viewer sees it (404 when they may not). */
export async function getCalendar(ctx: AppContext, calendarId: string, viewer: Viewer): Promise<Calendar> {
  const access = await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  const [presented] = await presentMany(ctx.db, [access]);
  return presented as Calendar;
}

/** The viewer's calendars: every confirmed membership, personal first, then by order and name. */
export async function listMyCalendars(
  ctx: AppContext,
  viewer: Viewer,
  ignoreDeleted: boolean,
): Promise<Calendar[]> {
  const rows = await ctx.db
    .select({ calendar: calendars, member: calendarMembers })
    .from(calendarMembers)
    .innerJoin(calendars, eq(calendars.id, calendarMembers.calendarId))
    .where(
      and(
        eq(calendarMembers.userId, viewer.account.id),
        eq(calendarMembers.isConfirmed, true),
        ignoreDeleted ? isNull(calendars.deletedAt) : undefined,
      ),
    )
    .orderBy(asc(calendars.isPersonal), asc(calendars.name), asc(calendars.id));
  const personalFirst = [
    ...rows.filter((row) => row.calendar.isPersonal),
    ...rows.filter((row) => !row.calendar.isPersonal),
  ];
  return presentMany(ctx.db, personalFirst);
}

/** Creates a calendar owned by the viewer. A new private calendar lets its members add events. */
export async function createCalendar(
  ctx: AppContext,
  viewer: Viewer,
  body: z.output<typeof createCalendarBody>,
): Promise<Calendar> {
  const isPrivate = body.visibility === 'private';
  const row = await transact(ctx, async (tx) => {
    const created = await insertCalendar(tx, viewer.account, {
      name: body.name,
      visibility: body.visibility,
      details: body.details ?? null,
      color: body.color ?? defaultCalendarColor,
      coverPhotoUrl: body.coverPhoto?.url ?? null,
      coverPhotoCroppedUrl: body.coverPhoto?.croppedUrl ?? null,
      coverPhotoLink: body.coverPhotoLink ?? null,
      isPersonal: false,
      defaultPermissions: {
        ...defaultCalendarPermissions,
        ...body.defaultPermissions,
        ...(isPrivate ? { canAdd: true } : {}),
      },
    });
    await ctx.record(tx, { type: 'calendar.created', calendarId: created.id, actorId: viewer.account.id });
    return created;
  });
  return getCalendar(ctx, row.id, viewer);
}

/**
 * Edits a calendar. canEdit is needed for any change; only the owner changes title and
 * visibility; a personal calendar stays private; a public calendar keeps a cover image.
 */
export async function updateCalendar(
  ctx: AppContext,
  viewer: Viewer,
  calendarId: string,
  body: z.output<typeof updateCalendarBody>,
): Promise<Calendar> {
  const access = await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'edit');
  const { calendar } = access;
  const renames = body.name !== undefined && body.name !== calendar.name;
  const revisibles = body.visibility !== undefined && body.visibility !== calendar.visibility;
  if (renames) calendarPolicy.authorize(access, 'changeTitle');
  if (revisibles) calendarPolicy.authorize(access, 'changeVisibility');
  const visibility = body.visibility ?? calendar.visibility;
  if (calendar.isPersonal && visibility === 'public')
    throw validation('visibility', calendarMessages.personalNotPublic);
  const coverUrl = body.coverPhoto === undefined ? calendar.coverPhotoUrl : (body.coverPhoto?.url ?? null);
  if (visibility === 'public' && !coverUrl) throw validation('coverPhoto', calendarMessages.imageRequired);
  await transact(ctx, async (tx) => {
    await tx
      .update(calendars)
      .set({
        name: body.name,
        visibility: body.visibility,
        details: body.details,
        color: body.color,
        coverPhotoUrl: body.coverPhoto === undefined ? undefined : (body.coverPhoto?.url ?? null),
        coverPhotoCroppedUrl:
          body.coverPhoto === undefined ? undefined : (body.coverPhoto?.croppedUrl ?? null),
        coverPhotoLink: body.coverPhotoLink,
        defaultPermissions: body.defaultPermissions
          ? { ...calendar.defaultPermissions, ...body.defaultPermissions }
          : undefined,
        lastActionType: 'update',
        updatedAt: new Date(),
      })
      .where(eq(calendars.id, calendarId));
    await ctx.record(tx, {
      type: 'calendar.updated',
      calendarId,
      actorId: viewer.account.id,
      calendar: {
        calendarId,
        name: body.name ?? calendar.name,
        color: body.color ?? calendar.color,
        visibility,
      },
      changes: Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    });
  });
  return getCalendar(ctx, calendarId, viewer);
}

/** Saves the viewer's own switches for a calendar they belong to. */
export async function updateCalendarSettings(
  ctx: AppContext,
  viewer: Viewer,
  calendarId: string,
  settings: Partial<CalendarSettings>,
): Promise<Calendar> {
  const access = await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'changeOwnSettings');
  const { member } = access;
  if (!member) throw new Error('changeOwnSettings was granted without a membership');
  await ctx.db
    .update(calendarMembers)
    .set({ settings: { ...member.settings, ...settings } })
    .where(eq(calendarMembers.id, member.id));
  return getCalendar(ctx, calendarId, viewer);
}

/**
 * Deletes a non-personal calendar (owner only, irreversible): the calendar is marked deleted,
 * every membership and invitation removed, and each member told at once ('calendar removed'
 * for the owner, 'calendar link removed' for the others) and by a notification.
 */
export async function deleteCalendar(ctx: AppContext, viewer: Viewer, calendarId: string): Promise<void> {
  const access: CalendarAccess = await getCalendarAccess(ctx.db, calendarId, viewer.account.id);
  calendarPolicy.authorize(access, 'delete');
  await transact(ctx, async (tx) => {
    const members = await listMemberIds(tx, calendarId);
    const { calendar } = access;
    await tx
      .update(calendars)
      .set({ deletedAt: new Date(), lastActionType: 'delete', updatedAt: new Date() })
      .where(eq(calendars.id, calendarId));
    await deleteCalendarEvents(ctx, tx, calendarId);
    // Recorded while the memberships still exist: the notices setting of each is read.
    await ctx.record(tx, {
      type: 'calendar.deleted',
      calendarId,
      actorId: viewer.account.id,
      calendar: { calendarId, name: calendar.name, color: calendar.color, visibility: calendar.visibility },
      memberIds: members,
    });
    await tx.delete(calendarMembers).where(eq(calendarMembers.calendarId, calendarId));
  });
}
