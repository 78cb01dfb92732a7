import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SubscriberOf } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { accounts, calendars, conversationParticipants, conversations } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import { appendMessage } from './messages.service.ts';

/**
 * A calendar's conversation follows the calendar (PRODUCT.md §2.1): made with a shared calendar,
 * joined when an invitation is accepted, left when a member is removed or leaves, unavailable
 * once the calendar is deleted. Driven only by the domain events the calendars module records.
 */

async function findCalendarConversation(tx: Db, calendarId: string) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.linkedTo, calendarId));
  return row ?? null;
}

async function accountName(tx: Db, userId: string): Promise<string> {
  const [row] = await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, userId));
  return row?.name ?? '';
}

/** A new shared calendar gets its conversation; the calendar's owner owns it. */
export const openCalendarConversation: SubscriberOf<'calendar.created'> = async (tx, event, ctx) => {
  const [calendar] = await tx
    .select({ id: calendars.id, name: calendars.name, isPersonal: calendars.isPersonal })
    .from(calendars)
    .where(eq(calendars.id, event.calendarId));
  if (!calendar || calendar.isPersonal) return;
  const conversationId = newId();
  await tx.insert(conversations).values({
    id: conversationId,
    type: 'calendar',
    name: calendar.name,
    linkedTo: calendar.id,
    createdById: event.actorId,
  });
  await tx
    .insert(conversationParticipants)
    .values({ id: newId(), conversationId, userId: event.actorId, role: 'owner' });
  await tx.update(calendars).set({ linkedChatId: conversationId }).where(eq(calendars.id, calendar.id));
  await ctx.record(tx, {
    type: 'chat.conversationCreated',
    conversationId,
    actorId: event.actorId,
    participantIds: [event.actorId],
  });
};

/** Someone who accepted a calendar invitation joins its conversation, with a system message. */
export const joinCalendarConversation: SubscriberOf<'invitation.answered'> = async (tx, event, ctx) => {
  if (event.answer !== 'accepted' || event.target.kind !== 'calendar') return;
  const conversation = await findCalendarConversation(tx, event.target.calendarId);
  if (conversation?.status !== 'active') return;
  const userId = event.recipientId;
  await tx
    .insert(conversationParticipants)
    .values({ id: newId(), conversationId: conversation.id, userId, lastReadSeq: conversation.lastSeq })
    .onConflictDoUpdate({
      target: [conversationParticipants.conversationId, conversationParticipants.userId],
      targetWhere: sql`user_id IS NOT NULL`,
      set: { status: 'active', role: 'participant', hidden: false, lastReadSeq: conversation.lastSeq },
    });
  await ctx.record(tx, {
    type: 'chat.participantsJoined',
    conversationId: conversation.id,
    actorId: userId,
    userIds: [userId],
  });
  await systemMessage(ctx, tx, conversation.id, userId, 'chat.system.joined', {
    name: await accountName(tx, userId),
  });
};

/** A member removed from the calendar, or who left it, leaves its conversation. */
export const leaveCalendarConversation: SubscriberOf<'invitation.withdrawn'> = async (tx, event, ctx) => {
  if (event.target.kind !== 'calendar') return;
  const conversation = await findCalendarConversation(tx, event.target.calendarId);
  if (!conversation) return;
  const left = await tx
    .update(conversationParticipants)
    .set({ status: 'deleted', role: 'participant', updatedAt: sql`now()` })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversation.id),
        eq(conversationParticipants.userId, event.userId),
        eq(conversationParticipants.status, 'active'),
      ),
    )
    .returning();
  if (left.length === 0) return;
  await ctx.record(tx, {
    type: 'chat.participantLeft',
    conversationId: conversation.id,
    actorId: event.actorId,
    userId: event.userId,
  });
  await systemMessage(
    ctx,
    tx,
    conversation.id,
    event.actorId,
    event.actorId === event.userId ? 'chat.system.left' : 'chat.system.removed',
    { actorName: await accountName(tx, event.actorId), name: await accountName(tx, event.userId) },
  );
};

/**
 * A calendar handed over hands its conversation over: the new owner owns it (joining it again if
 * they had left), the owner until then stays in it as a participant.
 */
export const handOverCalendarConversation: SubscriberOf<'calendar.ownerChanged'> = async (tx, event, ctx) => {
  const conversation = await findCalendarConversation(tx, event.calendarId);
  if (conversation?.status !== 'active') return;
  await tx
    .update(conversationParticipants)
    .set({ role: 'participant', updatedAt: sql`now()` })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversation.id),
        eq(conversationParticipants.userId, event.previousOwnerId),
      ),
    );
  await tx
    .insert(conversationParticipants)
    .values({
      id: newId(),
      conversationId: conversation.id,
      userId: event.actorId,
      role: 'owner',
      lastReadSeq: conversation.lastSeq,
    })
    .onConflictDoUpdate({
      target: [conversationParticipants.conversationId, conversationParticipants.userId],
      targetWhere: sql`user_id IS NOT NULL`,
      set: { status: 'active', role: 'owner', updatedAt: sql`now()` },
    });
  for (const userId of [event.previousOwnerId, event.actorId]) {
    await ctx.record(tx, {
      type: 'chat.participantUpdated',
      conversationId: conversation.id,
      actorId: event.actorId,
      userId,
    });
  }
};

/** The conversation of a deleted calendar stays readable but takes no new message. */
export const closeCalendarConversation: SubscriberOf<'calendar.deleted'> = async (tx, event, ctx) => {
  const conversation = await findCalendarConversation(tx, event.calendarId);
  if (!conversation) return;
  await tx
    .update(conversations)
    .set({ status: 'unavailable', updatedAt: sql`now()` })
    .where(eq(conversations.id, conversation.id));
  await ctx.record(tx, {
    type: 'chat.conversationUpdated',
    conversationId: conversation.id,
    actorId: event.actorId,
  });
};

/** A renamed calendar renames its conversation. */
export const renameCalendarConversation: SubscriberOf<'calendar.updated'> = async (tx, event, ctx) => {
  if (typeof event.changes.name !== 'string') return;
  const conversation = await findCalendarConversation(tx, event.calendarId);
  if (!conversation) return;
  await tx
    .update(conversations)
    .set({ name: event.calendar.name, updatedAt: sql`now()` })
    .where(eq(conversations.id, conversation.id));
  await ctx.record(tx, {
    type: 'chat.conversationUpdated',
    conversationId: conversation.id,
    actorId: event.actorId,
  });
};

function systemMessage(
  ctx: AppContext,
  tx: Db,
  conversationId: string,
  readById: string,
  key: string,
  data: Record<string, string>,
) {
  return appendMessage(ctx, tx, conversationId, {
    senderId: null,
    senderName: null,
    readById,
    type: 'system',
    message: key,
    data,
  });
}
