import { ApiError } from '../../platform/errors.ts';

/** Why an embedded sign-in is refused; the frame shows each in the reader's language. */
export const embedErrors = {
  badHostKey: () => new ApiError(401, 'UNAUTHENTICATED', 'A valid host key is required'),
  unknownUser: () => new ApiError(400, 'VALIDATION', 'No such user', 'userId'),
  codeInvalid: () =>
    new ApiError(
      403,
      'EMBED_CODE_INVALID',
      'This sign-in code has expired or was already used.',
      'loginToken',
    ),
  wrongUser: () =>
    new ApiError(403, 'EMBED_WRONG_USER', 'This sign-in code was issued for another user.', 'userId'),
  wrongOrigin: () =>
    new ApiError(403, 'EMBED_WRONG_ORIGIN', 'This sign-in code was issued for another site.', 'hostOrigin'),
};
