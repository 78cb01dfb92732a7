import type { ChatMessage, ChatParticipant, Conversation } from '@convene/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accountFieldColumns } from '../../db/accountFields.ts';
import type { Db } from '../../db/connect.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { accounts, conversationParticipants, messages, userBlocks } from '../../db/schema/index.ts';
import type { ConversationAccess, ConversationRow, ParticipantRow } from './chat.access.ts';
import { presentConversation, presentMessage, presentParticipant } from './chat.presenter.ts';

const theyBlock = alias(userBlocks, 'they_block');

/** The newest message of each listed conversation: ids and last seqs as two array parameters. */
const lastMessagesQuery = preparedPerDb((db) =>
  db
    .select({ message: messages, senderName: accounts.name })
    .from(messages)
    .leftJoin(accounts, eq(accounts.id, messages.senderId))
    .where(
      sql`(${messages.conversationId}, ${messages.seq}) IN (SELECT * FROM unnest(${sql.placeholder('ids')}::text[], ${sql.placeholder('seqs')}::integer[]))`,
    )
    .prepare('chat_last_messages'),
);

/** The people of some 1to1s, with the blocks between each and the viewer. */
const directPeopleQuery = preparedPerDb((db) =>
  db
    .select({
      participant: conversationParticipants,
      account: accountFieldColumns,
      viewerBlocks: userBlocks.blockerId,
      blocksViewer: theyBlock.blockerId,
    })
    .from(conversationParticipants)
    .leftJoin(accounts, eq(accounts.id, conversationParticipants.userId))
    .leftJoin(
      userBlocks,
      and(
        eq(userBlocks.blockerId, sql.placeholder('viewerId')),
        eq(userBlocks.blockedId, conversationParticipants.userId),
      ),
    )
    .leftJoin(
      theyBlock,
      and(
        eq(theyBlock.blockedId, sql.placeholder('viewerId')),
        eq(theyBlock.blockerId, conversationParticipants.userId),
      ),
    )
    .where(
      and(
        sql`${conversationParticipants.conversationId} = ANY(${sql.placeholder('ids')}::text[])`,
        ne(conversationParticipants.status, 'deleted'),
      ),
    )
    .prepare('chat_direct_people'),
);

/**
 * Presents conversations for one viewer with two batched queries whatever their number: the
 * last messages, and the people of the 1to1s (with the blocks between them and the viewer).
 * Both are prepared once, their lists passed as arrays.
 */
export async function presentConversations(
  db: Db,
  viewerId: string,
  entries: Array<{ conversation: ConversationRow; participant: ParticipantRow }>,
): Promise<Conversation[]> {
  if (entries.length === 0) return [];
  const withMessages = entries.filter((entry) => entry.conversation.lastSeq > 0);
  const directIds = entries
    .filter((entry) => entry.conversation.type === '1to1')
    .map((e) => e.conversation.id);
  const [lastRows, people] = await Promise.all([
    withMessages.length === 0
      ? []
      : lastMessagesQuery(db).execute({
          ids: withMessages.map((entry) => entry.conversation.id),
          seqs: withMessages.map((entry) => entry.conversation.lastSeq),
        }),
    directIds.length === 0 ? [] : directPeopleQuery(db).execute({ viewerId, ids: directIds }),
  ]);
  const lastById = new Map<string, ChatMessage>(
    lastRows.map((row) => [row.message.conversationId, presentMessage(row.message, row.senderName)]),
  );
  return entries.map((entry) => {
    const mine = people.filter((row) => row.participant.conversationId === entry.conversation.id);
    const other = mine.find((row) => row.participant.userId !== viewerId);
    const access: ConversationAccess = {
      ...entry,
      other: other?.participant.userId
        ? {
            userId: other.participant.userId,
            blockedByViewer: other.viewerBlocks !== null,
            blocksViewer: other.blocksViewer !== null,
          }
        : null,
    };
    const participants: ChatParticipant[] = mine
      .sort((a, b) => Number(b.participant.userId === viewerId) - Number(a.participant.userId === viewerId))
      .map((row) => presentParticipant(access, row.participant, row.account, row.viewerBlocks !== null));
    return presentConversation(access, lastById.get(entry.conversation.id) ?? null, participants);
  });
}
