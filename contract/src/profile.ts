import { z } from 'zod';
import { contact } from './account.ts';
import { limits } from './limits.ts';
import { mediaUrlPattern } from './media.ts';

/** i18n keys of the profile, password-change, notes and report validation messages (PRODUCT.md §1.5). */
export const profileMessages = {
  nameRequired: 'profile.errors.nameRequired',
  nameTooShort: 'profile.errors.nameTooShort',
  nameInvalid: 'profile.errors.nameInvalid',
  nameTooLong: 'profile.errors.nameTooLong',
  descriptionInvalid: 'profile.errors.descriptionInvalid',
  descriptionTooLong: 'profile.errors.descriptionTooLong',
  phoneInvalid: 'profile.errors.phoneInvalid',
  linkedInInvalid: 'profile.errors.linkedInInvalid',
  facebookInvalid: 'profile.errors.facebookInvalid',
  imageInvalid: 'profile.errors.imageInvalid',
  requiredField: 'profile.errors.requiredField',
  passwordTooShort: 'profile.errors.passwordTooShort',
  passwordTooLong: 'profile.errors.passwordTooLong',
  passwordSpaces: 'profile.errors.passwordSpaces',
  diffConfirmedPassword: 'profile.errors.diffConfirmedPassword',
  noteTooLong: 'profile.errors.noteTooLong',
  reasonRequired: 'profile.errors.reasonRequired',
  reasonTooLong: 'profile.errors.reasonTooLong',
  textInvalid: 'profile.errors.textInvalid',
  timezoneInvalid: 'profile.errors.timezoneInvalid',
} as const;

/** Limits of the profile area that PRODUCT.md §1.9 leaves open. */
export const profileLimits = {
  noteMax: 2000,
  reportReasonMax: 1000,
  phoneDigitsMin: 6,
  phoneDigitsMax: 15,
  socialLinkMax: 200,
  /** How many recent timezones an account keeps. */
  recentTimezonesMax: 5,
} as const;

/**
 * Allowed name characters: a letter first (any script, diacritics included), then letters,
 * combining marks, spaces, full stops, apostrophes (' and ’) and hyphens. So 'Ana-Maria
 * Ștefănescu', "O'Neil" and 'J. R. Tolkien' pass; digits, emoji, '<', '@' and line breaks do not.
 */
export const profileNamePattern = /^\p{L}[\p{L}\p{M} .'’-]*$/u;

/** Control characters other than tab and line breaks (PostgreSQL rejects NUL in text). */
const controlCharacters = /[^\P{Cc}\t\n\r]/u;
/**
 * Whether the text has something that looks like an HTML tag, comment or doctype ('<3' and
 * 'a < b' are fine): a tag start (`<`, optional `/`, then a letter, `!` or `?`) with a `>`
 * somewhere after it. The same rule as /<\/?[a-zA-Z!?][^>]*>/, in linear time: that regex is
 * retried from every `<`, quadratic on "<a"×n.
 */
export function containsHtmlTag(value: string): boolean {
  const start = /<\/?[a-zA-Z!?]/.exec(value);
  return start !== null && value.indexOf('>', start.index) !== -1;
}

/** True for free text without control characters. */
export const isPlainText = (value: string) => !controlCharacters.test(value);

/** True for a plausible phone number: optional +, digits with spaces ( ) . / -, 6 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d ()./-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= profileLimits.phoneDigitsMin && digits <= profileLimits.phoneDigitsMax;
}

/** The parts of WHATWG URL used here (the contract compiles without DOM or Node types). */
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  href: string;
}
const Url = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

const socialNetworks = {
  linkedIn: {
    hosts: ['linkedin.com'],
    handle: /^[A-Za-z0-9][A-Za-z0-9-]{2,99}$/,
    profileUrl: (handle: string) => `https://www.linkedin.com/in/${handle}`,
  },
  facebook: {
    hosts: ['facebook.com', 'fb.com'],
    handle: /^[A-Za-z0-9.]{5,50}$/,
    profileUrl: (handle: string) => `https://www.facebook.com/${handle}`,
  },
} as const;

/**
 * Normalises a LinkedIn or Facebook entry to an https profile url, or null when it is not one.
 * Accepted: an http(s) url on the network's domain (or a subdomain) with a path, the same
 * without the scheme ('linkedin.com/in/ana'), or a bare handle ('ana-pop', '@ana.pop') that
 * becomes the network's profile url. No credentials, ports or other hosts.
 */
export function normalizeSocialLink(network: keyof typeof socialNetworks, input: string): string | null {
  const rules = socialNetworks[network];
  const value = input.trim().replace(/^@/, '');
  if (value.length === 0 || value.length > profileLimits.socialLinkMax) return null;
  if (!value.includes('/') && !value.includes(':')) {
    return rules.handle.test(value) ? rules.profileUrl(value) : null;
  }
  let url: ParsedUrl;
  try {
    url = new Url(value.includes('://') ? value : `https://${value}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const isNetworkHost = rules.hosts.some((domain) => host === domain || host.endsWith(`.${domain}`));
  const isClean = (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  if (!isNetworkHost || !isClean || url.port !== '' || url.pathname.length < 2) return null;
  return url.href.length <= profileLimits.socialLinkMax ? url.href : null;
}

/** Empty text means "clear the field": null. */
const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);

/** Profile name: required, 3 to 40 characters after trimming, allowed characters only. */
export const profileNameField = z
  .string({ error: profileMessages.nameRequired })
  .trim()
  .min(1, profileMessages.nameRequired)
  .min(limits.nameMin, profileMessages.nameTooShort)
  .max(limits.nameMax, { message: profileMessages.nameTooLong, abort: true })
  .regex(profileNamePattern, profileMessages.nameInvalid);

/** About me: at most 300 characters after trimming, plain text (no HTML tags or control characters). */
export const descriptionField = z
  .string({ error: profileMessages.descriptionInvalid })
  .trim()
  .max(limits.descriptionMax, { message: profileMessages.descriptionTooLong, abort: true })
  .refine((value) => isPlainText(value) && !containsHtmlTag(value), profileMessages.descriptionInvalid)
  .nullish()
  .transform(emptyToNull);

/** Phone number: empty clears it; otherwise a plausible international number. */
export const phoneNumberField = z
  .string({ error: profileMessages.phoneInvalid })
  .trim()
  .max(30, { message: profileMessages.phoneInvalid, abort: true })
  .refine((value) => value === '' || isPhoneNumber(value), profileMessages.phoneInvalid)
  .nullish()
  .transform(emptyToNull);

function socialLinkField(network: keyof typeof socialNetworks, message: string) {
  return z
    .string({ error: message })
    .trim()
    .max(profileLimits.socialLinkMax, { message, abort: true })
    .refine((value) => value === '' || normalizeSocialLink(network, value) !== null, message)
    .nullish()
    .transform((value) => (value ? normalizeSocialLink(network, value) : emptyToNull(value)));
}

/** Profile photo: a /media/ url our upload pipeline answered, or null to remove it. */
export const imageLinkField = z
  .string({ error: profileMessages.imageInvalid })
  .max(1000, { message: profileMessages.imageInvalid, abort: true })
  .regex(mediaUrlPattern, profileMessages.imageInvalid)
  .nullish();

/**
 * PUT /api/accounts/{userId}. A field left out keeps its value; null or '' clears it. LinkedIn
 * and Facebook come back normalised to https profile urls.
 */
export const profileUpdateBody = z.object({
  name: profileNameField,
  description: descriptionField,
  imageLink: imageLinkField,
  contact: z
    .object({
      phoneNumber: phoneNumberField,
      linkedIn: socialLinkField('linkedIn', profileMessages.linkedInInvalid),
      facebook: socialLinkField('facebook', profileMessages.facebookInvalid),
    })
    .optional(),
  /** Which fields other users may see. */
  privacy: z
    .object({
      email: z.boolean().optional(),
      phoneNumber: z.boolean().optional(),
      linkedIn: z.boolean().optional(),
      facebook: z.boolean().optional(),
    })
    .optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

/** Answer of PUT /api/accounts/{userId} (PRODUCT.md §1.7). */
export const profileUpdateAnswer = z.object({
  contact,
  description: z.string().nullable(),
  /** True from the first save on (the profile dot disappears). */
  hasUpdatedProfile: z.boolean(),
});
export type ProfileUpdateAnswer = z.infer<typeof profileUpdateAnswer>;

/**
 * Another user's profile as a viewer sees it (GET /api/accounts/{userId}[/profile]). E-mail
 * and each contact field are null unless filled and allowed by that user's privacy switch.
 */
export const userProfile = z.object({
  userId: z.string(),
  name: z.string(),
  imageLink: z.string().nullable(),
  /** About me. */
  description: z.string().nullable(),
  /** Null unless the user lets others see it. */
  email: z.string().nullable(),
  /** Each field null unless filled and allowed. */
  contact,
  /** The viewer's own private note about this user ('' when none). */
  note: z.string(),
  /** True when the viewer has blocked this user (Chat is then disabled). */
  isBlocked: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Current password as typed (any non-empty value; a wrong one answers 400 on oldPassword). */
const currentPasswordField = z
  .string({ error: profileMessages.requiredField })
  .min(1, profileMessages.requiredField)
  .max(200, profileMessages.passwordTooLong);

/** New password: 6 to 30 characters, no leading or trailing spaces. */
export const profileNewPasswordField = z
  .string({ error: profileMessages.requiredField })
  .min(1, profileMessages.requiredField)
  .min(limits.passwordMin, profileMessages.passwordTooShort)
  .max(limits.passwordMax, { message: profileMessages.passwordTooLong, abort: true })
  .refine((value) => value.trim() === value, profileMessages.passwordSpaces);

/** POST /api/account/changepassword → 204. */
export const changePasswordBody = z.object({
  oldPassword: currentPasswordField,
  newPassword: profileNewPasswordField,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** The change-password dialog: current, new and confirmed, each 6 to 30; new and confirmed match. */
export const changePasswordForm = z
  .object({
    oldPassword: profileNewPasswordField,
    newPassword: profileNewPasswordField,
    confirmedPassword: profileNewPasswordField,
  })
  .refine((form) => form.newPassword === form.confirmedPassword, {
    message: profileMessages.diffConfirmedPassword,
    path: ['confirmedPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;

/** GET/PUT /api/users/{userId}/notes body and answer: '' means no note. */
export const noteBody = z.object({
  note: z
    .string({ error: profileMessages.requiredField })
    .trim()
    .max(profileLimits.noteMax, { message: profileMessages.noteTooLong, abort: true })
    .refine(isPlainText, profileMessages.textInvalid),
});
export type NoteBody = z.input<typeof noteBody>;
export const noteAnswer = z.object({ note: z.string() });

/** POST /api/users/{userId}/reports → 201; the reason is trimmed. */
export const reportBody = z.object({
  reason: z
    .string({ error: profileMessages.reasonRequired })
    .trim()
    .min(1, profileMessages.reasonRequired)
    .max(profileLimits.reportReasonMax, { message: profileMessages.reasonTooLong, abort: true })
    .refine(isPlainText, profileMessages.textInvalid),
});
export type ReportBody = z.input<typeof reportBody>;
export const reportAnswer = z.object({ reportId: z.string() });

let timezoneNames: Set<string> | undefined;
/** True for an IANA timezone name this runtime knows (Intl.supportedValuesOf, plus UTC). */
export function isTimezoneName(name: string): boolean {
  timezoneNames ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timezoneNames.has(name);
}

/** PUT /api/accounts/{userId}/timezones: records a timezone the user just picked. */
export const timezoneBody = z.object({
  name: z
    .string({ error: profileMessages.timezoneInvalid })
    .max(100, { message: profileMessages.timezoneInvalid, abort: true })
    .refine(isTimezoneName, profileMessages.timezoneInvalid),
});
/** GET /api/accounts/{userId}/timezones: most recent first, at most 5. */
export const recentTimezoneList = z.array(z.object({ name: z.string() }));
