import type { Account, UserProfile } from '@convene/contract';
import type { AccountFields } from '../../db/accountFields.ts';

/** The signed-in user's own account, every field (PRODUCT.md §1.3 Account). */
export function presentOwnAccount(row: AccountFields, loginToken?: string): Account {
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

/** What the viewer has about a user of their own: their private note and whether they blocked them. */
export interface ViewerRelation {
  note: string;
  isBlocked: boolean;
}

/**
 * The one place deciding what a viewer sees of a user (STYLE.md): the e-mail and each contact
 * field only when the user's privacy switch allows it, and never a privacy flag or status.
 * The owner sees all of their own fields.
 */
export function presentUser(
  viewer: { id: string },
  user: AccountFields,
  relation: ViewerRelation = { note: '', isBlocked: false },
): UserProfile {
  const isSelf = viewer.id === user.id;
  const shown = (isAllowed: boolean, value: string | null) => (isSelf || isAllowed ? value : null);
  return {
    userId: user.id,
    name: user.name,
    imageLink: user.imageLink,
    description: user.description,
    email: shown(user.privacyEmail, user.email),
    contact: {
      phoneNumber: shown(user.privacyPhoneNumber, user.phoneNumber),
      linkedIn: shown(user.privacyLinkedIn, user.linkedIn),
      facebook: shown(user.privacyFacebook, user.facebook),
    },
    note: isSelf ? '' : relation.note,
    isBlocked: isSelf ? false : relation.isBlocked,
  };
}
