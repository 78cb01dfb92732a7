import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFieldColumns } from '../../db/accountFields.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { accounts, conversationParticipants, conversations, userBlocks } from '../../db/schema/index.ts';
import { notFound, validation } from '../../platform/errors.ts';
import { getMediaStore } from '../../platform/media/store.ts';
import type { Viewer } from '../../platform/sessions.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type ParticipantRow = typeof conversationParticipants.$inferSelect;

/** A conversation the viewer takes part in, with what the chat policy needs to decide. */
export interface ConversationAccess {
  conversation: ConversationRow;
  /** The viewer's own, active place. */
  participant: ParticipantRow;
  /** In a 1to1, the other person and whether a block stands between them either way. */
  other: { userId: string; blockedByViewer: boolean; blocksViewer: boolean } | null;
}

/** The conversation with the viewer's active place in it (every chat request runs it). */
const accessQuery = preparedPerDb((db) =>
  db
    .select({ conversation: conversations, participant: conversationParticipants })
    .from(conversations)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, sql.placeholder('viewerId')),
        eq(conversationParticipants.status, 'active'),
      ),
    )
    .where(and(eq(conversations.id, sql.placeholder('conversationId')), isNull(conversations.deletedAt)))
    .prepare('chat_conversation_access'),
);

/**
 * Loads a conversation for a viewer who takes part in it. Anyone else (a stranger, someone who
 * left or was removed, a group its owner deleted) gets 404: its existence is not revealed.
 */
export async function getConversationAccess(
  db: Db,
  conversationId: string,
  viewerId: string,
): Promise<ConversationAccess> {
  const [row] = await accessQuery(db).execute({ conversationId, viewerId });
  if (!row) throw notFound('No such conversation');
  const other = row.conversation.type === '1to1' ? await findDirectOther(db, conversationId, viewerId) : null;
  return { ...row, other };
}

/** The other person of a 1to1 with the blocks between them, in one query. */
async function findDirectOther(db: Db, conversationId: string, viewerId: string) {
  const rows = await db
    .select({ userId: conversationParticipants.userId, blockerId: userBlocks.blockerId })
    .from(conversationParticipants)
    .leftJoin(
      userBlocks,
      or(
        and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, conversationParticipants.userId)),
        and(eq(userBlocks.blockedId, viewerId), eq(userBlocks.blockerId, conversationParticipants.userId)),
      ),
    )
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        ne(conversationParticipants.userId, viewerId),
      ),
    );
  const userId = rows[0]?.userId;
  if (!userId) return null;
  return {
    userId,
    blockedByViewer: rows.some((row) => row.blockerId === viewerId),
    blocksViewer: rows.some((row) => row.blockerId === userId),
  };
}

/** Whether a block stands between one person and any of others, whoever made it. */
export async function isBlockedEitherWay(db: Db, personId: string, otherIds: string[]): Promise<boolean> {
  if (otherIds.length === 0) return false;
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, personId), inArray(userBlocks.blockedId, otherIds)),
        and(inArray(userBlocks.blockerId, otherIds), eq(userBlocks.blockedId, personId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** User ids of a conversation's active participants (the people its changes concern). */
export async function listActiveParticipantIds(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.status, 'active'),
      ),
    );
  return rows.flatMap((row) => (row.userId ? [row.userId] : []));
}

/** Accounts by id that others may see (not deleted); 404 naming none when one is unknown. */
export async function getVisibleAccounts(db: Db, userIds: string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .select(accountFieldColumns)
    .from(accounts)
    .where(and(inArray(accounts.id, unique), ne(accounts.status, 'deleted')));
  if (rows.length !== unique.length) throw notFound('User not found');
  return rows;
}

/**
 * A photo or media url must be one of the viewer's own uploads that exists in the store
 * (`/media/photos/<purpose>/<viewer id>/<id>.jpg`): no one sends another person's file or a
 * link elsewhere (another host or bucket) as a chat upload. In S3 mode the object's size and
 * type are checked too, and a bad one deleted (platform/media/s3Presign.ts). Keeping the
 * current value is always fine.
 */
export async function checkOwnUpload(
  ctx: AppContext,
  viewer: Viewer,
  url: string,
  field: string,
  message: string,
): Promise<void> {
  const key = url.slice('/media/'.length);
  const isOwn = url.startsWith('/media/') && key.split('/')[2] === viewer.account.id;
  if (!isOwn || !(await (await getMediaStore(ctx)).hasUpload(key))) throw validation(field, message);
}

/** Whether a database error is a unique violation (of the named index, when given). */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let current = error; typeof current === 'object' && current !== null; ) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return index === undefined || constraint === index;
    current = cause;
  }
  return false;
}
