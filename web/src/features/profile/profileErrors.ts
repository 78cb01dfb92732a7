import { profileMessages } from '@convene/contract';
import { ApiError, isNetworkError } from '../../api/ApiError.ts';

/** The i18n keys of what the profile screens say after a call (PRODUCT.md §1.8). */
export const profileTextKeys = {
  changeSuccess: 'profile.password.changeSuccess',
  invalidCurrentPassword: 'profile.password.invalidCurrentPassword',
  serverError: 'profile.password.serverError',
  somethingWrong: 'profile.password.somethingWrong',
  resendConfirmationSuccess: 'profile.verification.resendConfirmationSuccess',
  resendConfirmationFailure: 'profile.verification.resendConfirmationFailure',
  reportSuccess: 'profile.report.success',
  reportDuplicate: 'profile.report.duplicate',
  generic: 'errors.generic',
  network: 'errors.network',
  saved: 'profile.edit.saved',
} as const;

const contractKeys = new Set<string>(Object.values(profileMessages));

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/** Fields of the change-password dialog an answer can point at. */
export type PasswordField = 'oldPassword' | 'newPassword' | 'confirmedPassword';

/** Where a change-password answer shows: a text on a field, or (field null) in a snackbar. */
export interface PasswordOutcome {
  field: PasswordField | null;
  key: string;
}

/**
 * Change password (PRODUCT.md §1.8): 400 → invalidCurrentPassword on the current field (a contract
 * validation of the new one stays on its field); 500 and above → serverError on the confirmed
 * field; anything else → somethingWrong.
 */
export function changePasswordOutcome(error: unknown): PasswordOutcome {
  const status = statusOf(error);
  if (error instanceof ApiError && status === 400) {
    if (error.code === 'VALIDATION' && error.field === 'newPassword' && contractKeys.has(error.message)) {
      return { field: 'newPassword', key: error.message };
    }
    return { field: 'oldPassword', key: profileTextKeys.invalidCurrentPassword };
  }
  if (status !== null && status >= 500)
    return { field: 'confirmedPassword', key: profileTextKeys.serverError };
  return { field: null, key: profileTextKeys.somethingWrong };
}

/** How a report answer is told: 201 thanks, 429 already reported, anything else 'Something went wrong!'. */
export function reportOutcome(status: number | null): { severity: 'success' | 'error'; key: string } {
  if (status === 201) return { severity: 'success', key: profileTextKeys.reportSuccess };
  if (status === 429) return { severity: 'error', key: profileTextKeys.reportDuplicate };
  return { severity: 'error', key: profileTextKeys.generic };
}

/** The status a failed call answered with (null when it never got an answer). */
export function failedStatus(error: unknown): number | null {
  return statusOf(error);
}

/** Form fields of the profile editor a 400 can name. */
export const profileFormFields = [
  'name',
  'description',
  'contact.phoneNumber',
  'contact.linkedIn',
  'contact.facebook',
] as const;
export type ProfileFormField = (typeof profileFormFields)[number];

/**
 * A failed save: a 400 naming one of the form's fields puts the contract's message on it; a
 * refused photo, offline or anything else is said in a snackbar.
 */
export function profileSaveError(error: unknown): { field: ProfileFormField | null; key: string } {
  if (error instanceof ApiError && error.code === 'VALIDATION') {
    const field = profileFormFields.find((name) => name === error.field) ?? null;
    const key = contractKeys.has(error.message) ? error.message : profileTextKeys.generic;
    if (field) return { field, key };
    if (error.field === 'imageLink') return { field: null, key: profileMessages.imageInvalid };
  }
  if (isNetworkError(error)) return { field: null, key: profileTextKeys.network };
  return { field: null, key: profileTextKeys.generic };
}
