import type { Account } from '@convene/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type AccountFields, accountFieldColumns } from '../../db/accountFields.ts';
import type { Db } from '../../db/connect.ts';
import { accounts } from '../../db/schema/index.ts';
import { ApiError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import {
  clearLoginFailures,
  loginThrottleKeys,
  recordLoginFailure,
  throttleLogin,
} from '../../platform/loginThrottle.ts';
import { consumeOneTimeCode, createOneTimeCode, isOneTimeCodeUsable } from '../../platform/oneTimeCodes.ts';
import { addToOutbox } from '../../platform/outbox.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import { createSession, revokeAllSessions, revokeSession, type Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { presentOwnAccount } from '../accounts/accounts.presenter.ts';
import { createPersonalCalendar } from '../calendars/calendars.service.ts';
import { attachInvitations } from '../invitations/invitations.service.ts';
import { authErrors } from './auth.errors.ts';
import { confirmationMail, mailLanguage, resetPasswordMail } from './auth.mails.ts';

/** Parsed registration input (contract registerBody). */
export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  recaptchaCode: string;
}

async function findAccountByEmail(ctx: AppContext, email: string) {
  const [row] = await ctx.db.select().from(accounts).where(eq(accounts.email, email));
  return row ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * Registers an account, its personal calendar and its confirmation mail in one transaction
 * (with `account.registered`, whose subscribers add what every account has), then signs it in
 * (the spec's "then automatic login").
 */
export async function register(
  ctx: AppContext,
  input: RegisterInput,
  meta: { ip: string; language: string; userAgent?: string },
): Promise<Account> {
  await ctx.captcha.verify(input.recaptchaCode, meta.ip);
  const existing = await findAccountByEmail(ctx, input.email);
  if (existing) throw existing.status === 'deleted' ? authErrors.accountDeleted() : authErrors.emailInUse();
  const passwordHash = await hashPassword(input.password);
  const language = mailLanguage(meta.language);
  try {
    const result = await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accounts)
        .values({ id: newId(), name: input.name, email: input.email, passwordHash, language })
        .returning();
      if (!row) throw new Error('account insert returned nothing');
      await createPersonalCalendar(tx, row);
      await ctx.record(tx, { type: 'account.registered', userId: row.id, email: row.email, name: row.name });
      const { code } = await createOneTimeCode(tx, row.id, 'confirmEmail');
      const link = `${ctx.config.publicUrl}/api/account/confirmEmail?token=${encodeURIComponent(code)}`;
      await addToOutbox(tx, 'mail', confirmationMail(language, row.email, row.name, link));
      const session = await createSession(tx, row.id, meta.userAgent);
      return presentOwnAccount(row, session.token);
    });
    ctx.outbox.kick();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) throw authErrors.emailInUse();
    throw error;
  }
}

/**
 * Signs in with e-mail and password. Failures count towards the per-address limits and the
 * account's slow-down (platform/loginThrottle.ts); the right password clears the account's.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  ip: string,
  userAgent?: string,
) {
  const keys = loginThrottleKeys(input.email, ip);
  await throttleLogin(ctx.db, keys);
  const failureKeys = [keys.pair, keys.ip, keys.account];
  const account = await findAccountByEmail(ctx, input.email);
  if (!account || account.status === 'deleted') {
    await recordLoginFailure(ctx.db, failureKeys);
    throw authErrors.emailNotFound();
  }
  const matches = account.passwordHash ? await verifyPassword(input.password, account.passwordHash) : false;
  if (!matches) {
    await recordLoginFailure(ctx.db, failureKeys);
    throw authErrors.wrongPassword();
  }
  await clearLoginFailures(ctx.db, [keys.pair, keys.account]);
  const session = await createSession(ctx.db, account.id, userAgent);
  return presentOwnAccount(account, session.token);
}

/** Revokes the caller's token and closes the sockets it opened. */
export async function logout(ctx: AppContext, viewer: Viewer): Promise<void> {
  await revokeSession(ctx.db, viewer.sessionId);
  ctx.hub.disconnectSessions([viewer.sessionId]);
}

/** Mails a single-use reset link; an unknown e-mail is the spec's 'User not found'. */
export async function requestPasswordReset(
  ctx: AppContext,
  input: { email: string; recaptchaCode: string },
  ip: string,
): Promise<void> {
  await ctx.captcha.verify(input.recaptchaCode, ip);
  const account = await findAccountByEmail(ctx, input.email);
  if (!account || account.status === 'deleted') throw authErrors.userNotFound();
  await ctx.db.transaction(async (tx) => {
    const { code } = await createOneTimeCode(tx, account.id, 'resetPassword');
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(code)}`;
    await addToOutbox(
      tx,
      'mail',
      resetPasswordMail(mailLanguage(account.language), account.email, account.name, link),
    );
  });
  ctx.outbox.kick();
}

/**
 * Whether a reset link can still set a password (unused, unexpired), so that the page says at
 * once that a used or expired link is dead instead of showing a form that cannot succeed.
 */
export async function checkPasswordResetLink(ctx: AppContext, token: string): Promise<{ usable: boolean }> {
  return { usable: await isOneTimeCodeUsable(ctx.db, token, 'resetPassword') };
}

/**
 * Sets a new password from a reset link. Every session of the account ends (whoever knew the
 * old password is signed out), and opening the mailed link proves the address, so a pending
 * account becomes active. Answers the address, which the login form that follows fills in.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string },
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    const accountId = await consumeOneTimeCode(tx, input.token, 'resetPassword');
    if (!accountId) throw authErrors.invalidLink('token');
    const [row] = await tx
      .update(accounts)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(accounts.id, accountId))
      .returning(accountFieldColumns);
    if (!row) throw authErrors.invalidLink('token');
    if (row.status === 'pending') await activateAccount(ctx, tx, row);
    return { email: row.email, revoked: await revokeAllSessions(tx, accountId) };
  });
  ctx.outbox.kick();
  ctx.hub.disconnectSessions(done.revoked);
  return { email: done.email };
}

/**
 * A pending account proved its address: it becomes active, invitations sent to that address
 * (before or after it registered) become its own, as pending requests in its feed, and
 * `account.addressProven` lets other features claim what they kept for the address.
 */
async function activateAccount(ctx: AppContext, tx: Db, account: AccountFields): Promise<void> {
  await tx
    .update(accounts)
    .set({ status: 'active', updatedAt: new Date() })
    .where(eq(accounts.id, account.id));
  await attachInvitations(ctx, tx, account);
  await ctx.record(tx, {
    type: 'account.addressProven',
    userId: account.id,
    email: account.email,
    name: account.name,
  });
}

/** Confirms an e-mail address from the mailed link; answers whether it worked. */
export async function confirmEmail(ctx: AppContext, token: string): Promise<boolean> {
  const accountId = await transact(ctx, async (tx) => {
    const id = await consumeOneTimeCode(tx, token, 'confirmEmail');
    const [account] = id
      ? await tx.select(accountFieldColumns).from(accounts).where(eq(accounts.id, id))
      : [];
    if (!account) return null;
    if (account.status === 'pending') await activateAccount(ctx, tx, account);
    await recordRealtime(tx, [
      { userId: account.id, message: 'account', payload: { userId: account.id, action: 'update' } },
    ]);
    return account.id;
  });
  return accountId !== null;
}

/** Sends the confirmation mail again to the caller's own address. */
export async function resendEmailConfirmation(ctx: AppContext, viewer: Viewer, email: string | undefined) {
  const { account } = viewer;
  if (email !== undefined && email !== account.email) {
    throw new ApiError(400, 'VALIDATION', 'This is not your e-mail address', 'email');
  }
  if (account.status === 'active') throw authErrors.alreadyConfirmed();
  await ctx.db.transaction(async (tx) => {
    const { code } = await createOneTimeCode(tx, account.id, 'confirmEmail');
    const link = `${ctx.config.publicUrl}/api/account/confirmEmail?token=${encodeURIComponent(code)}`;
    await addToOutbox(
      tx,
      'mail',
      confirmationMail(mailLanguage(account.language), account.email, account.name, link),
    );
  });
  ctx.outbox.kick();
}

/** Mints a one-minute single-use login code for an /auto-login link (the classic-app switch). */
export function createLoginCode(ctx: AppContext, viewer: Viewer) {
  return createOneTimeCode(ctx.db, viewer.account.id, 'login');
}

/** Signs in with a login code from an /auto-login link: a new session and token. */
export async function autoLogin(ctx: AppContext, code: string, userAgent?: string): Promise<Account> {
  return ctx.db.transaction(async (tx) => {
    const accountId = await consumeOneTimeCode(tx, code, 'login');
    const [account] = accountId
      ? await tx.select(accountFieldColumns).from(accounts).where(eq(accounts.id, accountId))
      : [];
    if (!account || account.status === 'deleted') throw authErrors.invalidLink('code');
    const session = await createSession(tx, account.id, userAgent);
    return presentOwnAccount(account, session.token);
  });
}
