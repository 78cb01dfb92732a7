import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SessionLifetime } from '../config.ts';
import { type AccountFields, accountFieldColumns } from '../db/accountFields.ts';
import type { Db } from '../db/connect.ts';
import { preparedPerDb } from '../db/prepared.ts';
import { accounts, sessions } from '../db/schema/index.ts';
import { hashToken, newId, newSecretToken } from './ids.ts';

/**
 * The signed-in caller of a request or socket: its account without the password hash (which
 * only signing in and changing the password read, each for itself) and whether it has one.
 */
export interface Viewer {
  account: SignedInAccount;
  sessionId: string;
}

/** The signed-in account: every column but the password hash, and whether it has one. */
export type SignedInAccount = AccountFields & { hasPassword: boolean };

/** The last-use time is written at most this often per session, not on every request. */
export const lastUseResolutionMs = 60_000;

/**
 * Starts a session: a new 256-bit token, stored hashed; the token is returned once. The
 * User-Agent names the device in the session list.
 */
export async function createSession(
  tx: Db,
  accountId: string,
  userAgent?: string | null,
): Promise<{ sessionId: string; token: string }> {
  const token = newSecretToken();
  const sessionId = newId();
  await tx.insert(sessions).values({
    id: sessionId,
    accountId,
    tokenHash: hashToken(token),
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
  });
  return { sessionId, token };
}

/** The condition a session meets while alive: not revoked, not idle too long, not too old. */
export function liveSessionWhere(lifetime: SessionLifetime, now = Date.now()) {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.lastUsedAt, new Date(now - lifetime.idleMs)),
    gt(sessions.createdAt, new Date(now - lifetime.maxMs)),
  );
}

/** The live session of a token hash with its account (every request and socket runs it). */
const viewerQuery = preparedPerDb((db) =>
  db
    .select({
      account: { ...accountFieldColumns, hasPassword: sql<boolean>`${accounts.passwordHash} is not null` },
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        // liveSessionWhere, its times as placeholders (ISO strings).
        isNull(sessions.revokedAt),
        gt(sessions.lastUsedAt, sql`${sql.placeholder('idleSince')}::timestamptz`),
        gt(sessions.createdAt, sql`${sql.placeholder('bornSince')}::timestamptz`),
      ),
    )
    .prepare('session_viewer'),
);

/**
 * Resolves a login token to its live session and account; null when unknown, revoked, idle
 * longer than the idle timeout or older than the absolute lifetime. Records the use at most
 * once a minute (one conditional UPDATE), so a busy session costs no write per request.
 */
export async function findViewerByToken(
  db: Db,
  token: string,
  lifetime: SessionLifetime,
): Promise<Viewer | null> {
  if (token.length < 20 || token.length > 200) return null;
  const now = Date.now();
  const [row] = await viewerQuery(db).execute({
    tokenHash: hashToken(token),
    idleSince: new Date(now - lifetime.idleMs).toISOString(),
    bornSince: new Date(now - lifetime.maxMs).toISOString(),
  });
  if (!row || row.account.status === 'deleted') return null;
  if (now - row.lastUsedAt.getTime() >= lastUseResolutionMs) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(now) })
      .where(
        and(eq(sessions.id, row.sessionId), lt(sessions.lastUsedAt, new Date(now - lastUseResolutionMs))),
      );
  }
  return { account: row.account, sessionId: row.sessionId };
}

/** Reads the token from `loginToken: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeaders(headers: Record<string, string | string[] | undefined>): string | null {
  const direct = headers.logintoken;
  if (typeof direct === 'string' && direct.trim()) return direct.trim();
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (match?.[1]) return match[1];
  }
  return null;
}

/** Revokes one session. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of an account; answers their ids so sockets can be closed. */
export async function revokeAllSessions(tx: Db, accountId: string): Promise<string[]> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.accountId, accountId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((row) => row.id);
}
