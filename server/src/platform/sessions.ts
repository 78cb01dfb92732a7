import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { accounts, sessions } from '../db/schema/index.ts';
import { hashToken, newId, newSecretToken } from './ids.ts';

/** The signed-in caller of a request or socket. */
export interface Viewer {
  account: typeof accounts.$inferSelect;
  sessionId: string;
}

/** Starts a session: a new 256-bit token, stored hashed; the token is returned once. */
export async function createSession(
  tx: Db,
  accountId: string,
): Promise<{ sessionId: string; token: string }> {
  const token = newSecretToken();
  const sessionId = newId();
  await tx.insert(sessions).values({ id: sessionId, accountId, tokenHash: hashToken(token) });
  return { sessionId, token };
}

/** Resolves a login token to its live session and account; null when unknown or revoked. */
export async function findViewerByToken(db: Db, token: string): Promise<Viewer | null> {
  if (token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .select({ account: accounts, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
  if (!row || row.account.status === 'deleted') return null;
  return row;
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
