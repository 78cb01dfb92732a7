// No zod here: the web's sign-in screen maps these keys before its schemas load.

/**
 * Validation messages are i18n keys (web/src/i18n), so server 400s and browser form errors
 * name the same text.
 */
export const authMessages = {
  nameRequired: 'auth.errors.nameRequired',
  nameTooShort: 'auth.errors.nameTooShort',
  nameTooLong: 'auth.errors.nameTooLong',
  emailRequired: 'auth.errors.emailRequired',
  emailInvalid: 'auth.errors.emailInvalid',
  passwordRequired: 'auth.errors.passwordRequired',
  passwordTooShort: 'auth.errors.passwordTooShort',
  passwordTooLong: 'auth.errors.passwordTooLong',
  passwordSpaces: 'auth.errors.passwordSpaces',
  recaptchaRequired: 'auth.errors.recaptchaRequired',
} as const;
