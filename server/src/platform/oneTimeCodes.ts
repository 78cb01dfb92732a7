import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { oneTimeCodes } from '../db/schema/index.ts';
import { hashToken, newSecretToken } from './ids.ts';

/** What a single-use code is for, and how long it lives. */
export const codePurposes = {
  confirmEmail: 7 * 24 * 60 * 60 * 1000,
  resetPassword: 60 * 60 * 1000,
  login: 60 * 1000,
} as const;

export type CodePurpose = keyof typeof codePurposes;

/** Mints a single-use code (256-bit, stored hashed); earlier unused codes of that purpose die. */
export async function createOneTimeCode(
  tx: Db,
  accountId: string,
  purpose: CodePurpose,
): Promise<{ code: string; expiresAt: Date }> {
  const code = newSecretToken();
  const expiresAt = new Date(Date.now() + codePurposes[purpose]);
  if (purpose !== 'login') {
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.accountId, accountId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.usedAt),
        ),
      );
  }
  await tx.insert(oneTimeCodes).values({ codeHash: hashToken(code), accountId, purpose, expiresAt });
  return { code, expiresAt };
}

/** Whether a code is known, unused, unexpired and for `purpose`, without spending it. */
export async function isOneTimeCodeUsable(db: Db, code: string, purpose: CodePurpose): Promise<boolean> {
  if (code.length === 0 || code.length > 200) return false;
  const [row] = await db
    .select({ purpose: oneTimeCodes.purpose })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashToken(code)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Spends a code in one statement, so two simultaneous uses cannot both succeed; answers the
 * account id, or null when the code is unknown, used, expired or for another purpose.
 */
export async function consumeOneTimeCode(tx: Db, code: string, purpose: CodePurpose): Promise<string | null> {
  if (code.length > 200) return null;
  const [row] = await tx
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashToken(code)),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: oneTimeCodes.accountId });
  return row?.accountId ?? null;
}
