import { definePolicy, unless } from '../../platform/policy.ts';
import type { SignedInAccount } from '../../platform/sessions.ts';

/** The signed-in account, and the account it acts on (itself unless said otherwise). */
export interface AccountAccess {
  account: Pick<SignedInAccount, 'id' | 'status' | 'socialId' | 'hasPassword'>;
  userId: string;
}

/** What a signed-in account may do with an account (PRODUCT.md §1.4). */
export const accountPolicy = definePolicy<AccountAccess, AccountAbility>({
  actAsAccount: ({ account, userId }) => unless(account.id === userId, 'Only the account itself may do this'),
  // Only once the e-mail is verified; never for social accounts.
  changePassword: ({ account }) =>
    unless(account.status === 'active', 'Confirm your e-mail address first') ??
    unless(
      account.socialId === null && account.hasPassword,
      'This account signs in through a social network',
    ),
  // An invitation sent to an address becomes the account's only once it confirmed that address.
  claimInvitationByAddress: ({ account }) =>
    unless(account.status === 'active', 'Confirm your e-mail address to answer the invitation sent to it'),
});

export type AccountAbility = 'actAsAccount' | 'changePassword' | 'claimInvitationByAddress';
