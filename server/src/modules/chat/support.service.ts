import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import { accounts, conversationParticipants, conversations } from '../../db/schema/index.ts';
import { newId } from '../../platform/ids.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { appendMessage } from './messages.service.ts';

/** The account whose e-mail is SUPPORT_EMAIL answers in every support thread and has none of its own. */
export const isSupportAddress = (ctx: Pick<AppContext, 'config'>, email: string) =>
  email.toLowerCase() === ctx.config.supportEmail.toLowerCase();

/**
 * Every account has one conversation with support (preferences.isSupportThread), made in the
 * transaction that creates the account (`account.registered`), with a welcome message; the
 * account whose e-mail is SUPPORT_EMAIL, when it exists and is confirmed, takes part in it. The
 * unique support_account_id settles two attempts at once.
 */
export async function openSupportThread(
  ctx: AppContext,
  tx: Db,
  account: { id: string; email: string },
): Promise<void> {
  if (isSupportAddress(ctx, account.email)) return;
  const conversationId = newId();
  const created = await tx
    .insert(conversations)
    .values({ id: conversationId, type: '1to1', isSupportThread: true, supportAccountId: account.id })
    .onConflictDoNothing({ target: conversations.supportAccountId })
    .returning({ id: conversations.id });
  if (created.length === 0) return;
  // The welcome is written before anyone takes part, so it goes out to no socket: the new
  // account has none yet, and the support account is told of a new conversation instead.
  await appendMessage(ctx, tx, conversationId, {
    senderId: null,
    senderName: null,
    type: 'system',
    message: 'chat.system.supportWelcome',
    data: {},
  });
  const [support] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.email, ctx.config.supportEmail.toLowerCase()), eq(accounts.status, 'active')));
  const supportIds = support && support.id !== account.id ? [support.id] : [];
  await tx
    .insert(conversationParticipants)
    .values([
      { id: newId(), conversationId, userId: account.id, role: 'participant' },
      ...supportIds.map((userId) => ({ id: newId(), conversationId, userId, role: 'admin' })),
    ]);
  if (supportIds.length > 0) {
    await ctx.record(tx, {
      type: 'chat.conversationCreated',
      conversationId,
      actorId: account.id,
      participantIds: supportIds,
    });
  }
}

/**
 * The support account joins every support thread it is not in yet: those made before it
 * existed or before it proved its address (`account.addressProven`).
 */
export async function joinSupportThreads(tx: Db, supportId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${conversationParticipants} (id, conversation_id, user_id, role, last_read_seq)
    SELECT replace(gen_random_uuid()::text, '-', ''), c.id, ${supportId}, 'admin', 0
    FROM ${conversations} c
    WHERE c.is_support_thread AND c.deleted_at IS NULL AND NOT EXISTS (
      SELECT 1 FROM ${conversationParticipants} p WHERE p.conversation_id = c.id AND p.user_id = ${supportId}
    )`);
}

/**
 * Kept on the first page of GET /api/conversations only for accounts that existed before chat:
 * they were never registered with a support thread (and a support account confirmed before
 * chat never joined the threads). Every newer account has its thread from registration, so for
 * them this is one indexed read that finds it.
 */
export async function ensureSupportThread(ctx: AppContext, viewer: Viewer): Promise<void> {
  const { id, email } = viewer.account;
  if (isSupportAddress(ctx, email)) {
    if (viewer.account.status === 'active') await joinSupportThreads(ctx.db, id);
    return;
  }
  let known = threadsKnown.get(ctx.db);
  if (!known) {
    known = new Set();
    threadsKnown.set(ctx.db, known);
  }
  if (known.has(id)) return;
  const [existing] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.supportAccountId, id));
  if (!existing) await transact(ctx, (tx) => openSupportThread(ctx, tx, { id, email }));
  if (known.size >= maxThreadsKnown) known.clear();
  known.add(id);
}

/**
 * Accounts this process has seen a support thread of, per database: a thread once made is never
 * taken away while its account lives (a deleted conversation stays as a row), so the list's
 * first page need not look again.
 */
const threadsKnown = new WeakMap<AppContext['db'], Set<string>>();
const maxThreadsKnown = 100_000;
