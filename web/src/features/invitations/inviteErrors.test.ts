import { describe, expect, it } from 'vitest';
import { createApiError } from '../../api/ApiError.ts';
import { inviteErrorKey } from './inviteErrors.ts';

const answer = (status: number, code: string, field?: string, message = 'x') =>
  createApiError(status, { statusCode: status, code, field, message });

describe('inviteErrorKey', () => {
  it('maps the invitation answers of PRODUCT.md §1.8', () => {
    expect(inviteErrorKey(answer(409, 'ALREADY_INVITED', 'email'))).toBe('inviteUsers.notif.alreadyInvited');
    expect(inviteErrorKey(answer(429, 'RATE_LIMITED'))).toBe('event.errors.shareLimitReached');
    expect(inviteErrorKey(answer(400, 'CAPTCHA_INVALID', 'recaptchaCode'))).toBe(
      'auth.errors.recaptchaInvalid',
    );
    expect(inviteErrorKey(answer(500, 'INTERNAL'))).toBe('inviteUsers.notif.fail');
    expect(inviteErrorKey(new TypeError('offline'))).toBe('inviteUsers.notif.fail');
  });
});
