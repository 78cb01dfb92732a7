import type { Account } from '@convene/contract';
import type { accounts } from '../../db/schema/index.ts';

type AccountRow = typeof accounts.$inferSelect;

/** The signed-in user's own account, every field (spec part 1 §3 Account). */
export function presentOwnAccount(row: AccountRow, loginToken?: string): Account {
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    ...(loginToken ? { loginToken } : {}),
    imageLink: row.imageLink,
    description: row.description,
    contact: { phoneNumber: row.phoneNumber, linkedIn: row.linkedIn, facebook: row.facebook },
    privacy: {
      email: row.privacyEmail,
      phoneNumber: row.privacyPhoneNumber,
      linkedIn: row.privacyLinkedIn,
      facebook: row.privacyFacebook,
    },
    permissions: { canCreateChat: row.canCreateChat },
    isConfirmed: row.status === 'active',
    status: row.status as Account['status'],
    socialId: row.socialId,
    hasUpdatedProfile: row.hasUpdatedProfile,
  };
}
