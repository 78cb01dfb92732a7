import { describe, expect, it } from 'vitest';
import { type AccountAbility, type AccountAccess, accountPolicy } from './accounts.policy.ts';

type AccountRow = AccountAccess['account'];

const account = (fields: Omit<AccountRow, 'id'>): AccountRow => ({ id: 'me', ...fields });

const accounts = {
  confirmed: account({ status: 'active', socialId: null, hasPassword: true }),
  unconfirmed: account({ status: 'pending', socialId: null, hasPassword: true }),
  social: account({ status: 'active', socialId: 'social-id', hasPassword: false }),
};

const o = true;
const _ = false;
// biome-ignore format: a table reads best aligned
const table: Record<keyof typeof accounts, Record<AccountAbility, boolean>> = {
  confirmed:   { actAsAccount: o, changePassword: o, claimInvitationByAddress: o },
  unconfirmed: { actAsAccount: o, changePassword: _, claimInvitationByAddress: _ },
  social:      { actAsAccount: o, changePassword: _, claimInvitationByAddress: o },
};

describe('account policy', () => {
  it.each(Object.entries(table))('%s, on itself', (name, expected) => {
    const own = accounts[name as keyof typeof accounts];
    expect(accountPolicy.abilities({ account: own, userId: own.id })).toEqual(expected);
  });

  it('acts on no other account', () => {
    const access = { account: accounts.confirmed, userId: 'someone-else' };
    expect(() => accountPolicy.authorize(access, 'actAsAccount')).toThrow(
      expect.objectContaining({ statusCode: 403, message: 'Only the account itself may do this' }),
    );
  });

  it('says why a password does not change', () => {
    const { social } = accounts;
    expect(() => accountPolicy.authorize({ account: social, userId: social.id }, 'changePassword')).toThrow(
      'This account signs in through a social network',
    );
  });
});
