import type { SessionInfo } from '@convene/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { liveSessionWhere, type Viewer } from '../../platform/sessions.ts';

/** The caller's live sessions: this device first, then by last use. */
export async function listSessions(ctx: AppContext, viewer: Viewer): Promise<SessionInfo[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountId, viewer.account.id), liveSessionWhere(ctx.config.sessionLifetime)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const present = (row: (typeof rows)[number]): SessionInfo => ({
    sessionId: row.id,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    isCurrent: row.id === viewer.sessionId,
  });
  const current = rows.filter((row) => row.id === viewer.sessionId);
  return [...current, ...rows.filter((row) => row.id !== viewer.sessionId)].map(present);
}

/** Ends one of the caller's own sessions (404 for anyone else's or one already over). */
export async function endSession(ctx: AppContext, viewer: Viewer, sessionId: string): Promise<void> {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.accountId, viewer.account.id),
        liveSessionWhere(ctx.config.sessionLifetime),
      ),
    )
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound('No such session');
  ctx.hub.disconnectSessions([sessionId]);
}

/** Ends every session of the caller except the one making the request; answers how many. */
export async function endOtherSessions(ctx: AppContext, viewer: Viewer): Promise<number> {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.accountId, viewer.account.id),
        ne(sessions.id, viewer.sessionId),
        liveSessionWhere(ctx.config.sessionLifetime),
      ),
    )
    .returning({ id: sessions.id });
  ctx.hub.disconnectSessions(ended.map((row) => row.id));
  return ended.length;
}
