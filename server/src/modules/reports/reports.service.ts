import type { AppContext } from '../../context.ts';
import { userReports } from '../../db/schema/index.ts';
import { ApiError, validation } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { addToOutbox } from '../../platform/outbox.ts';
import type { Viewer } from '../../platform/sessions.ts';
import { getVisibleAccount } from '../accounts/accounts.service.ts';
import { reportMail } from './reports.mails.ts';

const alreadyReported = () =>
  new ApiError(429, 'ALREADY_REPORTED', 'You have already submitted a report for this user.');

/**
 * Files the viewer's report about a user and mails it to support, in one transaction. One
 * report per reporter and user: the unique index decides between concurrent duplicates, and
 * the loser answers the spec's 429 with nothing written.
 */
export async function createReport(
  ctx: AppContext,
  viewer: Viewer,
  userId: string,
  reason: string,
): Promise<{ reportId: string }> {
  if (userId === viewer.account.id) throw validation('userId', 'You cannot report yourself');
  const reported = await getVisibleAccount(ctx.db, userId);
  const reportId = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userReports)
      .values({ id: newId(), reporterId: viewer.account.id, reportedId: userId, reason })
      .onConflictDoNothing({ target: [userReports.reporterId, userReports.reportedId] })
      .returning({ id: userReports.id });
    if (!row) throw alreadyReported();
    await addToOutbox(tx, 'mail', reportMail(ctx.config.supportEmail, viewer.account, reported, reason));
    return row.id;
  });
  ctx.outbox.kick();
  return { reportId };
}
