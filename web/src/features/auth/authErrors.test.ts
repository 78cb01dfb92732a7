import { authMessages } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.ts';
import { loginError, newPasswordError, registerError, resetPasswordError } from './authErrors.ts';

function apiError(status: number, code: ApiError['code'] = null, field: string | null = null, message = 'x') {
  return new ApiError(status, code, field, message);
}

describe('loginError', () => {
  it('puts 404 (no account) on the password field', () => {
    expect(loginError(apiError(404, 'EMAIL_NOT_FOUND'))).toEqual({
      field: 'password',
      key: 'auth.errors.emailNotFound',
    });
  });

  it('puts 403 (wrong password) on the password field', () => {
    expect(loginError(apiError(403, 'WRONG_PASSWORD'))).toEqual({
      field: 'password',
      key: 'auth.errors.wrongPassword',
    });
  });

  it('asks to wait on 429', () => {
    expect(loginError(apiError(429, 'RATE_LIMITED'))).toEqual({
      field: null,
      key: 'auth.errors.tooManyAttempts',
    });
  });

  it('shows a 400 on its field with the contract message key', () => {
    expect(loginError(apiError(400, 'VALIDATION', 'email', authMessages.emailInvalid))).toEqual({
      field: 'email',
      key: 'auth.errors.emailInvalid',
    });
  });

  it('says the server cannot be reached when fetch itself fails', () => {
    expect(loginError(new TypeError('Failed to fetch'))).toEqual({ field: null, key: 'errors.network' });
  });

  it('falls back to the generic text', () => {
    expect(loginError(apiError(500, 'INTERNAL'))).toEqual({ field: null, key: 'errors.generic' });
  });
});

describe('registerError', () => {
  it('maps 401 to the deleted-account text', () => {
    expect(registerError(apiError(401, 'ACCOUNT_DELETED'))).toEqual({
      field: 'email',
      key: 'auth.errors.accountDeleted',
    });
  });

  it('maps 403 to the e-mail-in-use text on the e-mail field', () => {
    expect(registerError(apiError(403, 'EMAIL_IN_USE', 'email'))).toEqual({
      field: 'email',
      key: 'auth.errors.emailInUse',
    });
  });

  it('puts the bot-check codes on the bot check', () => {
    expect(registerError(apiError(400, 'CAPTCHA_REQUIRED', 'recaptchaCode'))).toEqual({
      field: 'recaptchaCode',
      key: 'auth.errors.recaptchaRequired',
    });
    expect(registerError(apiError(400, 'CAPTCHA_INVALID', 'recaptchaCode'))).toEqual({
      field: 'recaptchaCode',
      key: 'auth.errors.recaptchaInvalid',
    });
  });

  it('shows a validation answer on its field', () => {
    expect(registerError(apiError(400, 'VALIDATION', 'name', authMessages.nameTooShort))).toEqual({
      field: 'name',
      key: 'auth.errors.nameTooShort',
    });
  });

  it('says "Authentication failed." for anything else', () => {
    expect(registerError(apiError(500, 'INTERNAL'))).toEqual({ field: null, key: 'auth.errors.authFailed' });
    expect(registerError(apiError(400, 'VALIDATION', 'unknownField'))).toEqual({
      field: null,
      key: 'auth.errors.authFailed',
    });
    expect(registerError(new Error('boom'))).toEqual({ field: null, key: 'auth.errors.authFailed' });
  });
});

describe('resetPasswordError', () => {
  it("puts 404 'User not found' on the e-mail field", () => {
    expect(resetPasswordError(apiError(404, 'USER_NOT_FOUND'))).toEqual({
      field: 'email',
      key: 'auth.errors.userNotFound',
    });
  });

  it('puts the bot-check codes on the bot check', () => {
    expect(resetPasswordError(apiError(400, 'CAPTCHA_INVALID'))).toEqual({
      field: 'recaptchaCode',
      key: 'auth.errors.recaptchaInvalid',
    });
  });

  it('keeps an unknown validation message generic', () => {
    expect(resetPasswordError(apiError(400, 'VALIDATION', 'email', 'not a key'))).toEqual({
      field: 'email',
      key: 'errors.generic',
    });
  });
});

describe('newPasswordError', () => {
  it('says the link expired on TOKEN_INVALID', () => {
    expect(newPasswordError(apiError(400, 'TOKEN_INVALID', 'token'))).toEqual({
      field: null,
      key: 'auth.errors.resetLinkInvalid',
    });
  });

  it('shows a password rule on the password field', () => {
    expect(newPasswordError(apiError(400, 'VALIDATION', 'password', authMessages.passwordSpaces))).toEqual({
      field: 'password',
      key: 'auth.errors.passwordSpaces',
    });
  });
});
