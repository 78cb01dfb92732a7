import type { Account, ProfileUpdateBody, profileUpdateBody } from '@convene/contract';
import type { z } from 'zod';

/** Whether the change-password action shows and may be used (PRODUCT.md §1.2, §1.4). */
export function passwordChangeState(account: Pick<Account, 'socialId' | 'status'>) {
  if (account.socialId !== null) return 'hidden' as const;
  return account.status === 'active' ? ('enabled' as const) : ('needsVerification' as const);
}

/** The edit form's values: every profile field but the photo, which is handled on its own. */
export type ProfileFormValues = Omit<ProfileUpdateBody, 'imageLink'>;
/** What the form's schema answers once valid (trimmed, links normalised, '' as null). */
export type ProfileFormOutput = Omit<z.output<typeof profileUpdateBody>, 'imageLink'>;

/** The edit form filled from the account, with '' for every empty text field. */
export function profileFormValues(account: Account): Required<ProfileFormValues> {
  return {
    name: account.name,
    description: account.description ?? '',
    contact: {
      phoneNumber: account.contact.phoneNumber ?? '',
      linkedIn: account.contact.linkedIn ?? '',
      facebook: account.contact.facebook ?? '',
    },
    privacy: { ...account.privacy },
  };
}
