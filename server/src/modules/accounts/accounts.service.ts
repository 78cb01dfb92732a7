import { type Account, type ProfileUpdateAnswer, profileMessages, type UserProfile } from '@convene/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type AccountFields, accountFieldColumns } from '../../db/accountFields.ts';
import type { Db } from '../../db/connect.ts';
import { accounts, sessions, userBlocks, userNotes } from '../../db/schema/index.ts';
import { ApiError, notFound, validation } from '../../platform/errors.ts';
import { assertLoginAllowed, clearLoginFailure, recordLoginFailure } from '../../platform/loginThrottle.ts';
import { getMediaStore } from '../../platform/media/store.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { recordRealtime } from '../../platform/realtimeOutbox.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { accountPolicy } from './accounts.policy.ts';
import { presentOwnAccount, presentUser } from './accounts.presenter.ts';

/** An account others may see (any status but deleted), or null. */
export async function findVisibleAccount(db: Db, userId: string): Promise<AccountFields | null> {
  const [row] = await db
    .select(accountFieldColumns)
    .from(accounts)
    .where(and(eq(accounts.id, userId), ne(accounts.status, 'deleted')));
  return row ?? null;
}

/** An account others may see; 404 when unknown or deleted. */
export async function getVisibleAccount(db: Db, userId: string): Promise<AccountFields> {
  const row = await findVisibleAccount(db, userId);
  if (!row) throw notFound('User not found');
  return row;
}

/**
 * Lets only the account itself act on its own account: another existing user is 403, an
 * unknown one 404 (nothing about its existence is implied beyond what profiles show).
 */
export async function authorizeSelf(db: Db, viewer: Viewer, userId: string): Promise<void> {
  if (viewer.account.id === userId) return;
  await getVisibleAccount(db, userId);
  accountPolicy.authorize({ account: viewer.account, userId }, 'actAsAccount');
}

/** GET /api/accounts/{userId}[/profile]: oneself → own account; another user → their profile. */
export async function getUserView(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
): Promise<Account | UserProfile> {
  if (userId === viewer.account.id) return presentOwnAccount(viewer.account);
  const viewerId = viewer.account.id;
  const [row] = await ctx.db
    .select({ account: accountFieldColumns, note: userNotes.note, blockedAt: userBlocks.createdAt })
    .from(accounts)
    .leftJoin(userNotes, and(eq(userNotes.authorId, viewerId), eq(userNotes.subjectId, accounts.id)))
    .leftJoin(userBlocks, and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, accounts.id)))
    .where(and(eq(accounts.id, userId), ne(accounts.status, 'deleted')));
  if (!row) throw notFound('User not found');
  return presentUser(viewer.account, row.account, {
    note: row.note ?? '',
    isBlocked: row.blockedAt !== null,
  });
}

/** Parsed PUT /api/accounts/{userId} body (contract profileUpdateBody). */
export interface ProfileInput {
  name: string;
  description?: string | null;
  imageLink?: string | null;
  contact?: { phoneNumber?: string | null; linkedIn?: string | null; facebook?: string | null };
  privacy?: { email?: boolean; phoneNumber?: boolean; linkedIn?: boolean; facebook?: boolean };
}

/** A new photo must be the user's own upload and exist; keeping the current one is always fine. */
async function checkImageLink(ctx: AppContext, viewer: Viewer, imageLink: string | null | undefined) {
  if (!imageLink || imageLink === viewer.account.imageLink) return;
  const key = imageLink.slice('/media/'.length);
  const isOwn = key.split('/')[2] === viewer.account.id;
  if (!isOwn || !(await (await getMediaStore(ctx)).exists(key))) {
    throw validation('imageLink', profileMessages.imageInvalid);
  }
}

/**
 * Saves one's own profile in one statement: fields left out keep their value, and the profile
 * counts as updated from then on. The account's sockets hear of it after commit (outbox).
 */
export async function updateProfile(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
  input: ProfileInput,
): Promise<ProfileUpdateAnswer> {
  await authorizeSelf(ctx.db, viewer, userId);
  await checkImageLink(ctx, viewer, input.imageLink);
  const { contact = {}, privacy = {} } = input;
  const row = await transact(ctx, async (tx) => {
    const [updated] = await tx
      .update(accounts)
      .set({
        name: input.name,
        description: input.description,
        imageLink: input.imageLink,
        phoneNumber: contact.phoneNumber,
        linkedIn: contact.linkedIn,
        facebook: contact.facebook,
        privacyEmail: privacy.email,
        privacyPhoneNumber: privacy.phoneNumber,
        privacyLinkedIn: privacy.linkedIn,
        privacyFacebook: privacy.facebook,
        hasUpdatedProfile: true,
        updatedAt: new Date(),
      })
      .where(eq(accounts.id, userId))
      .returning(accountFieldColumns);
    if (!updated) throw notFound('User not found');
    await recordRealtime(tx, [{ userId, message: 'account', payload: { userId, action: 'update' } }]);
    return updated;
  });
  return {
    contact: { phoneNumber: row.phoneNumber, linkedIn: row.linkedIn, facebook: row.facebook },
    description: row.description,
    hasUpdatedProfile: row.hasUpdatedProfile,
  };
}

const invalidCurrentPassword = () =>
  new ApiError(400, 'INVALID_CURRENT_PASSWORD', 'The current password is not right.', 'oldPassword');

/**
 * Changes one's password (PRODUCT.md §1.4: only once the e-mail is verified; never for social
 * accounts). Wrong current passwords count towards the same lockout as failed logins. Every
 * other session of the account ends; the one that changed it stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  viewer: Viewer,
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  const { account } = viewer;
  accountPolicy.authorize({ account, userId: account.id }, 'changePassword');
  const throttleKey = `password:${account.id}`;
  await assertLoginAllowed(ctx.db, throttleKey);
  // The viewer carries no password hash (platform/sessions.ts): read the current one here.
  const [stored] = await ctx.db
    .select({ passwordHash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, account.id));
  const currentHash = stored?.passwordHash;
  if (!currentHash) throw new Error('changePassword was granted without a password');
  if (!(await verifyPassword(input.oldPassword, currentHash))) {
    await recordLoginFailure(ctx.db, [throttleKey]);
    throw invalidCurrentPassword();
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await ctx.db.transaction(async (tx) => {
    await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, account.id));
    const others = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.accountId, account.id),
          isNull(sessions.revokedAt),
          ne(sessions.id, viewer.sessionId),
        ),
      )
      .returning({ id: sessions.id });
    return others.map((session) => session.id);
  });
  await clearLoginFailure(ctx.db, throttleKey);
  ctx.hub.disconnectSessions(revoked);
}
