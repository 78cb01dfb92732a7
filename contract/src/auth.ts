import { z } from 'zod';
import { authMessages } from './authMessages.ts';
import { limits } from './limits.ts';

/**
 * A plain, pragmatic e-mail check: something@domain.tld, no spaces (the same rule as
 * /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, written without a backtracking regex: that pattern
 * takes quadratic time on "a@" + "."×n + "@").
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@') || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && domain.length - dot - 1 >= 2;
}

/** Longest e-mail address accepted (RFC 5321 path limit). */
export const emailMax = 254;

/** E-mail: required, trimmed, lower-cased, valid. */
export const emailField = z
  .string({ error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(emailMax, { message: authMessages.emailInvalid, abort: true })
  .refine(isEmailAddress, authMessages.emailInvalid)
  .transform((value) => value.toLowerCase());

/** Registration name: required, 3 to 40 characters after trimming. */
export const nameField = z
  .string({ error: authMessages.nameRequired })
  .trim()
  .min(1, authMessages.nameRequired)
  .min(limits.nameMin, authMessages.nameTooShort)
  .max(limits.nameMax, { message: authMessages.nameTooLong, abort: true });

/** New password: 6 to 30 characters without leading or trailing spaces. */
export const newPasswordField = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .min(limits.passwordMin, authMessages.passwordTooShort)
  .max(limits.passwordMax, { message: authMessages.passwordTooLong, abort: true })
  .refine((value) => value.trim() === value, authMessages.passwordSpaces);

/** Login password: only required (old accounts may predate today's rules). */
export const passwordField = z
  .string({ error: authMessages.passwordRequired })
  .min(1, authMessages.passwordRequired)
  .max(200, authMessages.passwordTooLong);

/** The bot-check answer: an ALTCHA payload, or a reCAPTCHA token when configured. */
export const recaptchaField = z
  .string({ error: authMessages.recaptchaRequired })
  .min(1, authMessages.recaptchaRequired)
  .max(20_000, authMessages.recaptchaRequired);

/** POST /api/auth/register */
export const registerBody = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  recaptchaCode: recaptchaField,
});
export type RegisterBody = z.input<typeof registerBody>;

/** POST /api/auth/login */
export const loginBody = z.object({ email: emailField, password: passwordField });
export type LoginBody = z.input<typeof loginBody>;

/** POST /api/account/resetPassword */
export const resetPasswordBody = z.object({ email: emailField, recaptchaCode: recaptchaField });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST /api/account/resetPassword/confirm: the token from the mailed link and the new password. */
export const resetPasswordConfirmBody = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordField,
});
export type ResetPasswordConfirmBody = z.input<typeof resetPasswordConfirmBody>;

/**
 * POST /api/account/resetPassword/confirm answer: the address of the account whose password was
 * set, for the login form that follows (the link's holder has just proven they read its mail).
 */
export const resetPasswordConfirmAnswer = z.object({ email: z.string() });

/** GET /api/account/resetPassword/check?token=: the mailed link's token, looked at without spending it. */
export const resetPasswordCheckQuery = z.object({ token: z.string().max(200).default('') });

/** GET /api/account/resetPassword/check answer: whether the link can still set a password. */
export const resetPasswordCheckAnswer = z.object({ usable: z.boolean() });

/** POST /api/auth/autoLogin: a single-use login code from an /auto-login/{code} link. */
export const autoLoginBody = z.object({ code: z.string().min(1).max(200) });

/** POST /api/auth/loginCode answer: a short-lived single-use code and its auto-login url. */
export const loginCodeAnswer = z.object({ code: z.string(), expiresAt: z.string() });

/** GET /api/config answer: what the browser needs before sign-in. */
export const clientConfig = z.object({
  /** Which bot check the forms show: self-hosted ALTCHA, or Google reCAPTCHA with its site key. */
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha') }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ]),
  /** Base url of the classic app; null hides the 'switch' button. */
  classicAppUrl: z.string().nullable(),
  /** Address of the 'feedback' mail link. */
  supportEmail: z.string(),
  productName: z.string(),
  /** Map tile url template for Leaflet. */
  mapTileUrl: z.string(),
  /** "Open in maps" url template of an event's place; {query} stands for the url-encoded place. */
  mapLinkUrl: z.string(),
  /** VAPID public key the browser subscribes to Web Push with. */
  vapidPublicKey: z.string(),
  /** Host page origins allowed to embed the app: the only targets of its messages to the host. */
  embedOrigins: z.array(z.string()),
});
export type ClientConfig = z.infer<typeof clientConfig>;
