import { authMessages } from '@convene/contract';
import { ApiError, isNetworkError } from '../../api/ApiError.ts';

/** The i18n keys of the texts the auth screens show for failed calls (PRODUCT.md §1.8). */
export const authErrorKeys = {
  emailNotFound: 'auth.errors.emailNotFound',
  wrongPassword: 'auth.errors.wrongPassword',
  accountDeleted: 'auth.errors.accountDeleted',
  emailInUse: 'auth.errors.emailInUse',
  authFailed: 'auth.errors.authFailed',
  userNotFound: 'auth.errors.userNotFound',
  recaptchaRequired: 'auth.errors.recaptchaRequired',
  recaptchaInvalid: 'auth.errors.recaptchaInvalid',
  tooManyAttempts: 'auth.errors.tooManyAttempts',
  resetLinkInvalid: 'auth.errors.resetLinkInvalid',
  autoLoginFailed: 'auth.errors.autoLoginFailed',
  generic: 'errors.generic',
  network: 'errors.network',
} as const;

type AuthErrorKey = (typeof authErrorKeys)[keyof typeof authErrorKeys];
type ValidationKey = (typeof authMessages)[keyof typeof authMessages];

/** What a failed call shows: a translated text, on a form field or (field null) above the form. */
export interface FormError<F extends string> {
  field: F | null;
  key: AuthErrorKey | ValidationKey;
}

const validationKeys = new Set<string>(Object.values(authMessages));

function isValidationKey(value: string): value is ValidationKey {
  return validationKeys.has(value);
}

/** A 400 VALIDATION answer names the field and carries the contract's i18n key as its message. */
function validationError<F extends string>(error: ApiError, fields: readonly F[]): FormError<F> | null {
  if (error.code !== 'VALIDATION') return null;
  const field = fields.find((name) => name === error.field) ?? null;
  if (!field) return null;
  return { field, key: isValidationKey(error.message) ? error.message : authErrorKeys.generic };
}

function captchaError<F extends string>(error: ApiError, captchaField: F): FormError<F> | null {
  if (error.code === 'CAPTCHA_REQUIRED') return { field: captchaField, key: authErrorKeys.recaptchaRequired };
  if (error.code === 'CAPTCHA_INVALID') return { field: captchaField, key: authErrorKeys.recaptchaInvalid };
  return null;
}

function unreachable<F extends string>(error: unknown): FormError<F> | null {
  return isNetworkError(error) ? { field: null, key: authErrorKeys.network } : null;
}

/** Login: 404 and 403 go on the password field; 429 asks to wait. */
export function loginError(error: unknown): FormError<'email' | 'password'> {
  if (!(error instanceof ApiError)) return unreachable(error) ?? { field: null, key: authErrorKeys.generic };
  if (error.status === 404) return { field: 'password', key: authErrorKeys.emailNotFound };
  if (error.status === 403) return { field: 'password', key: authErrorKeys.wrongPassword };
  if (error.status === 429) return { field: null, key: authErrorKeys.tooManyAttempts };
  return validationError(error, ['email', 'password']) ?? { field: null, key: authErrorKeys.generic };
}

/** Register: bot-check codes on the bot check, 401 deleted account, 403 e-mail in use; else 'Authentication failed.'. */
export function registerError(error: unknown): FormError<'name' | 'email' | 'password' | 'recaptchaCode'> {
  if (!(error instanceof ApiError))
    return unreachable(error) ?? { field: null, key: authErrorKeys.authFailed };
  const fromCaptcha = captchaError(error, 'recaptchaCode' as const);
  if (fromCaptcha) return fromCaptcha;
  if (error.status === 401) return { field: 'email', key: authErrorKeys.accountDeleted };
  if (error.status === 403) return { field: 'email', key: authErrorKeys.emailInUse };
  if (error.status === 429) return { field: null, key: authErrorKeys.tooManyAttempts };
  const fromValidation = validationError(error, ['name', 'email', 'password', 'recaptchaCode'] as const);
  return fromValidation ?? { field: null, key: authErrorKeys.authFailed };
}

/** Reset request: 404 'User not found' on the e-mail field; bot-check codes on the bot check. */
export function resetPasswordError(error: unknown): FormError<'email' | 'recaptchaCode'> {
  if (!(error instanceof ApiError)) return unreachable(error) ?? { field: null, key: authErrorKeys.generic };
  const fromCaptcha = captchaError(error, 'recaptchaCode' as const);
  if (fromCaptcha) return fromCaptcha;
  if (error.status === 404) return { field: 'email', key: authErrorKeys.userNotFound };
  if (error.status === 429) return { field: null, key: authErrorKeys.tooManyAttempts };
  return (
    validationError(error, ['email', 'recaptchaCode'] as const) ?? { field: null, key: authErrorKeys.generic }
  );
}

/** New password from a mailed link: an expired or used token is said above the form. */
export function newPasswordError(error: unknown): FormError<'password'> {
  if (!(error instanceof ApiError)) return unreachable(error) ?? { field: null, key: authErrorKeys.generic };
  if (error.code === 'TOKEN_INVALID') return { field: null, key: authErrorKeys.resetLinkInvalid };
  if (error.status === 429) return { field: null, key: authErrorKeys.tooManyAttempts };
  return validationError(error, ['password'] as const) ?? { field: null, key: authErrorKeys.generic };
}
