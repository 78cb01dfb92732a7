import { ApiError } from '../../api/ApiError.ts';

/** i18n keys of the invitation outcomes (PRODUCT.md §1.8 Share / Invite). */
export const inviteNoticeKeys = {
  success: 'inviteUsers.notif.success',
  fail: 'inviteUsers.notif.fail',
  alreadyInvited: 'inviteUsers.notif.alreadyInvited',
  shareLimitReached: 'event.errors.shareLimitReached',
  botCheckFailed: 'auth.errors.recaptchaInvalid',
} as const;

/** The notice of a failed invitation: already invited (409), hourly limit (429), bot check, or a failure. */
export function inviteErrorKey(error: unknown): (typeof inviteNoticeKeys)[keyof typeof inviteNoticeKeys] {
  if (!(error instanceof ApiError)) return inviteNoticeKeys.fail;
  if (error.code === 'ALREADY_INVITED') return inviteNoticeKeys.alreadyInvited;
  if (error.status === 429) return inviteNoticeKeys.shareLimitReached;
  if (
    error.code === 'CAPTCHA_INVALID' ||
    error.code === 'CAPTCHA_REQUIRED' ||
    error.field === 'recaptchaCode'
  ) {
    return inviteNoticeKeys.botCheckFailed;
  }
  return inviteNoticeKeys.fail;
}
