import { and, eq } from 'drizzle-orm';
import type { AppContext, RequestEffect } from '../../context.ts';
import { accountFieldColumns } from '../../db/accountFields.ts';
import { isBlockedEitherWay } from '../../db/blocks.ts';
import type { Db } from '../../db/connect.ts';
import { accounts } from '../../db/schema/index.ts';
import { ApiError, validation } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { transact } from '../../platform/transaction.ts';
import { spendInvitation } from './invitationLimit.ts';
import type {
  InvitationKind,
  InvitationTarget,
  Invitee,
  WithdrawnInvitationTarget,
} from './invitations.kinds.ts';

/**
 * The one invitations flow, for both kinds (calendar, event): the owning module loads and
 * authorises, then hands over what the flow needs. Sending spends the sender's hourly limit and
 * records `invitation.sent`; withdrawing records `invitation.withdrawn`; answering (a request
 * effect) records `invitation.answered`; an address proven by its account records
 * `invitation.attached`. The subscribers of those types (app.ts) tell whom it concerns.
 *
 * Between two people of whom one blocked the other, an invitation stays silent: it is made (the
 * inviter sees it as sent, so no block is revealed) but the invitee hears nothing of it.
 */

/** 409 ALREADY_INVITED: the person is already invited (or, with a message, already a member). */
export const alreadyInvited = (field?: string, message = 'This person is already invited') =>
  new ApiError(409, 'ALREADY_INVITED', message, field);

/** 409 INVITATION_WITHDRAWN: the invitation being answered no longer stands. */
export const invitationWithdrawn = () =>
  new ApiError(409, 'INVITATION_WITHDRAWN', 'This invitation was withdrawn');

/**
 * The account an invitation names: by `userId` (404 on `userId` when there is no such live
 * person), or by an address, which names an account only once its owner confirmed it (see
 * `attachInvitations`). Null: invite the address itself. Nobody invites themselves (400).
 */
export async function findInvitee(db: Db, viewer: Viewer, who: { userId?: string; email?: string }) {
  if (who.userId === viewer.account.id) throw validation('userId', 'You cannot invite yourself');
  if (who.email && who.email.toLowerCase() === viewer.account.email.toLowerCase()) {
    throw validation('email', 'You cannot invite yourself');
  }
  const [account] = await db
    .select(accountFieldColumns)
    .from(accounts)
    .where(
      who.userId
        ? eq(accounts.id, who.userId)
        : and(eq(accounts.email, who.email ?? ''), eq(accounts.status, 'active')),
    );
  const invitee = account && account.status !== 'deleted' ? account : null;
  if (who.userId && !invitee) throw new ApiError(404, 'NOT_FOUND', 'No such person', 'userId');
  return invitee;
}

/** What the owning module gives the flow to send an invitation it has loaded and authorised. */
export interface InvitationToSend<R> {
  invitee: Invitee;
  target: InvitationTarget;
  /**
   * Marks its row sent (who sent it, when), in the flow's transaction; a silent one (a block
   * between the two) must not show the invitee anything either.
   */
  markSent(tx: Db, sending: { isSilent: boolean }): Promise<void>;
  /** The HTTP answer. */
  result: R;
}

/**
 * Sends an invitation added before: the bot check first, then `prepare` (the owning module
 * loads and authorises), then, in one transaction, the sender's hourly limit (429 otherwise; the
 * client then withdraws it), the row marked sent and `invitation.sent` recorded.
 */
export async function sendInvitation<R>(
  ctx: AppContext,
  viewer: Viewer,
  check: { recaptchaCode: string; ip: string },
  prepare: () => Promise<InvitationToSend<R>>,
): Promise<R> {
  await ctx.captcha.verify(check.recaptchaCode, check.ip);
  const invitation = await prepare();
  await transact(ctx, async (tx) => {
    await spendInvitation(tx, viewer.account.id, ctx.config.invitationHourlyLimit);
    const inviteeId = invitation.invitee.userId;
    const isSilent = inviteeId ? await isBlockedEitherWay(tx, viewer.account.id, inviteeId) : false;
    await invitation.markSent(tx, { isSilent });
    await ctx.record(tx, {
      type: 'invitation.sent',
      actorId: viewer.account.id,
      inviter: { name: viewer.account.name, language: viewer.account.language },
      invitee: invitation.invitee,
      target: invitation.target,
      isSilent,
    });
  });
  return invitation.result;
}

/** What the owning module gives the flow to withdraw an invitation it has loaded and authorised. */
export interface InvitationToWithdraw {
  /** The registered person it was for; an address alone is told nothing. */
  userId: string | null;
  target: WithdrawnInvitationTarget;
  /** Deletes its row (and whatever the kind's own rows need), in the flow's transaction. */
  remove(tx: Db): Promise<void>;
}

/**
 * Takes an invitation back (also the roll-back after a 429), removes the membership or RSVP it
 * became, or lets the invitee leave (`actorId` is then the invitee): one transaction that
 * removes it and records `invitation.withdrawn`, whose subscribers take the pending request
 * back and tell the person.
 */
export async function withdrawInvitation(
  ctx: AppContext,
  viewer: Viewer,
  invitation: InvitationToWithdraw,
): Promise<void> {
  await transact(ctx, async (tx) => {
    await invitation.remove(tx);
    if (!invitation.userId) return;
    await ctx.record(tx, {
      type: 'invitation.withdrawn',
      actorId: viewer.account.id,
      userId: invitation.userId,
      target: invitation.target,
    });
  });
}

/**
 * The request effect of an invitation kind (`shareCalendar`, `shareEvent`): the kind's owning
 * module applies the answer to its row, then `invitation.answered` tells whoever sent it.
 */
export function invitationRequestEffect(kind: InvitationKind): RequestEffect {
  const answer = async (
    tx: Db,
    ctx: AppContext,
    request: Parameters<RequestEffect['accept']>[2],
    value: 'accepted' | 'rejected',
  ) => {
    const { inviterId, target } = await ctx.invitationKinds[kind].answer(tx, request, value);
    await ctx.record(tx, {
      type: 'invitation.answered',
      recipientId: request.recipientId,
      inviterId,
      answer: value,
      target,
    });
  };
  return {
    accept: (tx, ctx, request) => answer(tx, ctx, request, 'accepted'),
    decline: (tx, ctx, request) => answer(tx, ctx, request, 'rejected'),
  };
}

/** The kinds in the order their invitations are attached (calendars, then events). */
const attachOrder: InvitationKind[] = ['calendar', 'event'];

/**
 * When an account proves its address (the confirmation link, or a password reset mailed
 * there): invitations of every kind sent to that address become the account's, each recorded as
 * `invitation.attached`, so it arrives as a pending request. Never at registration, since anyone
 * can register with someone else's address. One between people blocked either way stays silent:
 * it becomes the account's, but no request arrives.
 */
export async function attachInvitations(
  ctx: Pick<AppContext, 'invitationKinds' | 'record'>,
  tx: Db,
  account: { id: string; email: string; name: string },
): Promise<void> {
  for (const kind of attachOrder) {
    for (const attached of await ctx.invitationKinds[kind].attach(tx, account)) {
      if (attached.inviterId && (await isBlockedEitherWay(tx, attached.inviterId, account.id))) continue;
      await ctx.record(tx, {
        type: 'invitation.attached',
        inviterId: attached.inviterId,
        invitee: { userId: account.id, name: account.name, email: account.email },
        target: attached.target,
      });
    }
  }
}
