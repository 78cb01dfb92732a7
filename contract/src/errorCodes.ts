// No zod here: the web's first page reads these codes without loading a schema library.

/**
 * Stable error codes of the API (DESIGN.md §4). A client branches on `code`, or on the
 * status where the spec keys on it.
 */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
  'EMAIL_NOT_FOUND',
  'WRONG_PASSWORD',
  'ACCOUNT_DELETED',
  'EMAIL_IN_USE',
  'USER_NOT_FOUND',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'TOKEN_INVALID',
  'ALREADY_CONFIRMED',
  'ALREADY_INVITED',
  'INVITATION_WITHDRAWN',
  'INVALID_CURRENT_PASSWORD',
  'ALREADY_REPORTED',
  'EMBED_CODE_INVALID',
  'EMBED_WRONG_USER',
  'EMBED_WRONG_ORIGIN',
] as const;

/** One of the API's stable error codes. */
export type ErrorCode = (typeof errorCodes)[number];
