import { ApiError } from '../../platform/errors.ts';

/** Texts and statuses of PRODUCT.md §1.8, on the fields they concern. */
export const authErrors = {
  emailNotFound: () =>
    new ApiError(
      404,
      'EMAIL_NOT_FOUND',
      'There is no account associated with this email address.',
      'password',
    ),
  wrongPassword: () =>
    new ApiError(
      403,
      'WRONG_PASSWORD',
      'The email and password combination you entered is not right.',
      'password',
    ),
  accountDeleted: () =>
    new ApiError(
      401,
      'ACCOUNT_DELETED',
      'The account associated with this email address has been deleted!',
      'email',
    ),
  emailInUse: () =>
    new ApiError(
      403,
      'EMAIL_IN_USE',
      'The specified email address is already in use. Please use another.',
      'email',
    ),
  userNotFound: () => new ApiError(404, 'USER_NOT_FOUND', 'User not found', 'email'),
  invalidLink: (field: string) =>
    new ApiError(400, 'TOKEN_INVALID', 'This link has expired or was already used.', field),
  alreadyConfirmed: () =>
    new ApiError(400, 'ALREADY_CONFIRMED', 'The e-mail address is already confirmed.', 'email'),
};
