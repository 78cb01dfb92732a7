import { timingSafeEqual } from 'node:crypto';
import type { Account } from '@convene/contract';
import { and, eq, gt, isNull, like } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { accountFieldColumns } from '../../db/accountFields.ts';
import { accounts, oneTimeCodes } from '../../db/schema/index.ts';
import { hashToken, newSecretToken } from '../../platform/ids.ts';
import { createSession } from '../../platform/sessions.ts';
import { presentOwnAccount } from '../accounts/accounts.presenter.ts';
import { embedErrors } from './embed.errors.ts';

/**
 * Embed codes live with the other single-use codes (hashed, spent by one conditional UPDATE);
 * the purpose names the host origin the code was minted for, which binds the code to it.
 */
const purposePrefix = 'embed:';

/**
 * The host origin a key belongs to, or null. Digests of equal length are compared, each in
 * constant time and every configured key in turn, so timing tells nothing about a guess.
 */
export function hostOriginOfKey(ctx: AppContext, presented: string | undefined): string | null {
  if (!presented || presented.length > 200) return null;
  const given = Buffer.from(hashToken(presented), 'hex');
  let found: string | null = null;
  for (const { origin, key } of ctx.config.embed.hostKeys) {
    if (timingSafeEqual(given, Buffer.from(hashToken(key), 'hex'))) found = origin;
  }
  return found;
}

/**
 * Mints a single-use sign-in code for one of the host's users (issue 16): valid for the
 * configured lifetime (≤ 60 s), stored as its SHA-256, bound to the user and the host origin.
 */
export async function mintEmbedCode(
  ctx: AppContext,
  hostOrigin: string,
  userId: string,
): Promise<{ code: string; expiresAt: string }> {
  const [account] = await ctx.db
    .select({ id: accounts.id, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.id, userId));
  if (!account || account.status === 'deleted') throw embedErrors.unknownUser();
  const code = newSecretToken();
  const expiresAt = new Date(Date.now() + ctx.config.embed.codeTtlMs);
  await ctx.db.insert(oneTimeCodes).values({
    codeHash: hashToken(code),
    accountId: account.id,
    purpose: `${purposePrefix}${hostOrigin}`,
    expiresAt,
  });
  return { code, expiresAt: expiresAt.toISOString() };
}

/**
 * Exchanges a code from the frame's address for a normal session. The code is spent first, in
 * one conditional UPDATE (two uses cannot both win), so a code presented for another user or
 * from another host is gone too and cannot be retried with other claims.
 */
export async function exchangeEmbedCode(
  ctx: AppContext,
  input: { code: string; userId: string; hostOrigin: string },
  userAgent?: string,
): Promise<Account> {
  const [spent] = await ctx.db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashToken(input.code)),
        // Only embed codes: a login code or a session token in the address signs nobody in.
        like(oneTimeCodes.purpose, `${purposePrefix}%`),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: oneTimeCodes.accountId, purpose: oneTimeCodes.purpose });
  if (!spent) throw embedErrors.codeInvalid();
  if (spent.accountId !== input.userId) throw embedErrors.wrongUser();
  const boundOrigin = spent.purpose.slice(purposePrefix.length);
  // A host removed from the configuration since the code was minted may no longer sign in.
  if (boundOrigin !== input.hostOrigin || !ctx.config.embed.allowedOrigins.includes(boundOrigin)) {
    throw embedErrors.wrongOrigin();
  }
  const [account] = await ctx.db
    .select(accountFieldColumns)
    .from(accounts)
    .where(eq(accounts.id, spent.accountId));
  if (!account || account.status === 'deleted') throw embedErrors.codeInvalid();
  const session = await createSession(ctx.db, account.id, userAgent);
  return presentOwnAccount(account, session.token);
}
