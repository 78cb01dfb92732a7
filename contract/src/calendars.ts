import { z } from 'zod';
import { emailMax } from './auth.ts';
import { limits } from './limits.ts';
import { assignableCalendarRoles, calendarRoles } from './permissions.ts';

/** Validation message keys of the calendar form (PRODUCT.md §1.5). */
export const calendarMessages = {
  titleRequired: 'calendar.errors.titleRequired',
  titleInvalid: 'calendar.errors.titleInvalid',
  emptySpaces: 'calendar.errors.emptySpaces',
  titleTooLong: 'calendar.errors.titleTooLong',
  imageRequired: 'calendar.errors.imageRequired',
  personalNotPublic: 'calendar.errors.personalNotPublic',
  descriptionTooLong: 'calendar.errors.descriptionTooLong',
} as const;

/** Longest calendar title and description we accept. */
export const calendarLimits = { titleMax: 100, descriptionMax: 2000 } as const;

/**
 * Calendar title: required, no leading or trailing spaces, at least 3 characters.
 * (The form shows emptySpaces before titleInvalid, as the spec lists them.)
 */
export const calendarTitle = z
  .string({ error: calendarMessages.titleRequired })
  .max(calendarLimits.titleMax, { message: calendarMessages.titleTooLong, abort: true })
  .min(1, calendarMessages.titleRequired)
  .refine((value) => value.trim().length > 0, calendarMessages.titleRequired)
  .refine((value) => value === value.trim(), calendarMessages.emptySpaces)
  .refine((value) => value.trim().length >= limits.titleMin, calendarMessages.titleInvalid)
  .refine((value) => value.length <= calendarLimits.titleMax, calendarMessages.titleTooLong);

/** An image of our media pipeline: a /media/ path (or an absolute url from a bucket). */
const mediaUrl = z
  .string()
  .max(1000, { abort: true })
  .refine(
    (value) => value.startsWith('/media/') || /^https:\/\/\S+$/.test(value),
    'calendar.errors.imageInvalid',
  );

/** Cover photo: the full image and its 2:1 crop. */
export const coverPhoto = z.object({ url: mediaUrl, croppedUrl: mediaUrl });

/** #rrggbb */
export const hexColor = z
  .string()
  .max(7, { message: 'calendar.errors.colorInvalid', abort: true })
  .regex(/^#[0-9a-fA-F]{6}$/, 'calendar.errors.colorInvalid');

const permissionFlags = z.object({
  canView: z.boolean(),
  canAdd: z.boolean(),
  canEdit: z.boolean(),
  canShare: z.boolean(),
});

/** Per-member settings: the Settings tab's switches (order is the list position). */
export const calendarSettings = z.object({
  enableETA: z.boolean(),
  enableNotices: z.boolean(),
  enableChatPushNotifications: z.boolean(),
  order: z.number().int(),
});

/** POST /api/calendar */
export const createCalendarBody = z
  .object({
    name: calendarTitle,
    visibility: z.enum(['public', 'private']).default('private'),
    details: z.string().max(calendarLimits.descriptionMax, calendarMessages.descriptionTooLong).nullish(),
    color: hexColor.optional(),
    coverPhoto: coverPhoto.nullish(),
    coverPhotoLink: z.string().max(1000).nullish(),
    defaultPermissions: permissionFlags.partial().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.visibility === 'public' && !body.coverPhoto) {
      ctx.addIssue({ code: 'custom', path: ['coverPhoto'], message: calendarMessages.imageRequired });
    }
  });
export type CreateCalendarBody = z.input<typeof createCalendarBody>;

/** PUT /api/calendar?calendarId= : any subset of the create fields. */
export const updateCalendarBody = z.object({
  name: calendarTitle.optional(),
  visibility: z.enum(['public', 'private']).optional(),
  details: z.string().max(calendarLimits.descriptionMax, calendarMessages.descriptionTooLong).nullish(),
  color: hexColor.optional(),
  coverPhoto: coverPhoto.nullish(),
  coverPhotoLink: z.string().max(1000).nullish(),
  defaultPermissions: permissionFlags.partial().optional(),
});
export type UpdateCalendarBody = z.input<typeof updateCalendarBody>;

/** ?calendarId= on the calendar calls. */
export const calendarIdQuery = z.object({ calendarId: z.string().min(1).max(64) });

/** PUT /api/calendar/settings?calendarId= body: the viewer's own switches. */
export const calendarSettingsBody = calendarSettings.partial();

const memberPermissions = permissionFlags.extend({ isOwner: z.boolean() });

/**
 * What the viewer may do with a calendar, as the server's calendar policy computes it: the web
 * reads these instead of re-deriving a rule.
 */
export const calendarAbilities = z.object({
  addEvent: z.boolean(),
  edit: z.boolean(),
  changeTitle: z.boolean(),
  changeVisibility: z.boolean(),
  delete: z.boolean(),
  share: z.boolean(),
  seeInvitedAddresses: z.boolean(),
  seeMembers: z.boolean(),
  changeOwnSettings: z.boolean(),
  /** Give an invitee canAdd (a sharer who can add events themself). */
  grantAdd: z.boolean(),
  /** Give an invitee canEdit (a sharer who can edit themself). */
  grantEdit: z.boolean(),
  /** Give an invitee canShare (a sharer: they hold it). */
  grantShare: z.boolean(),
  /** Leave the calendar: a confirmed member, not the owner, of a calendar that is not personal. */
  leave: z.boolean(),
  /** Take back the pending offer of ownership (the owner, while one is pending). */
  cancelOwnershipOffer: z.boolean(),
});
export type CalendarAbilities = z.infer<typeof calendarAbilities>;

/** A calendar as a given viewer sees it (PRODUCT.md §1.3 Calendar). */
export const calendar = z.object({
  calendarId: z.string(),
  name: z.string(),
  visibility: z.enum(['public', 'private']),
  details: z.string().nullable(),
  color: z.string(),
  coverPhoto: z.object({ url: z.string(), croppedUrl: z.string() }).nullable(),
  coverPhotoLink: z.string().nullable(),
  defaultPermissions: permissionFlags,
  calendarSettings,
  /** The viewer's membership, confirmed or not; null for a stranger to a public calendar. */
  currentUser: z
    .object({
      /** The viewer's own memberId (to leave: DELETE /api/share/calendar); always sent by the server. */
      memberId: z.string().optional(),
      name: z.string(),
      email: z.string(),
      status: z.enum(['confirmed', 'pending']),
      userId: z.string(),
      permissions: memberPermissions,
      isOwner: z.boolean(),
      lastActionType: z.string(),
      actionDate: z.string(),
      folderId: z.string().nullable(),
    })
    .nullable(),
  /** The calendar's place in the viewer's list (a confirmed membership); null otherwise. */
  calendarLink: z
    .object({
      isOwner: z.boolean(),
      isPersonal: z.boolean(),
      permissions: memberPermissions,
      folderId: z.string().nullable(),
    })
    .nullable(),
  isPersonal: z.boolean(),
  isOwner: z.boolean(),
  owner: z.object({ userId: z.string(), name: z.string(), imageLink: z.string().nullable() }),
  linkedEntities: z.object({ chatId: z.string().nullable() }),
  organizations: z.array(z.string()),
  isLimitedToOrganization: z.boolean(),
  categories: z.array(z.string()),
  filters: z.array(z.string()),
  users_count: z.number().int(),
  lastActionType: z.enum(['create', 'update', 'delete']),
  abilities: calendarAbilities,
});
export type Calendar = z.infer<typeof calendar>;

/** GET /api/calendar/myCalendars query. */
export const myCalendarsQuery = z.object({ ignoreDeleted: z.enum(['true', 'false']).default('true') });

/**
 * What the viewer may do with one person of a calendar, as the server's members policy computes
 * it (docs/PRODUCT.md, roles): the web reads these instead of re-deriving the role ladder.
 */
export const calendarMemberAbilities = z.object({
  changeRole: z.boolean(),
  /** Remove the member, or take back a pending invitation. */
  remove: z.boolean(),
  offerOwnership: z.boolean(),
});
export type CalendarMemberAbilities = z.infer<typeof calendarMemberAbilities>;

/** A person of a calendar (PRODUCT.md §1.3 Calendar person / member). */
export const calendarMember = z.object({
  memberId: z.string(),
  calendarId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
  permissions: memberPermissions,
  isConfirmed: z.boolean(),
  role: z.object({ name: z.enum(calendarRoles) }),
  abilities: calendarMemberAbilities,
  /** An offer of ownership to this member is pending. */
  ownershipOffered: z.boolean(),
});
export type CalendarMember = z.infer<typeof calendarMember>;

/** GET /api/calendar/users query: a page (30) or a search (q, up to 100). */
export const calendarUsersQuery = z.object({
  calendarId: z.string().min(1).max(64),
  resultsPerPage: z.coerce
    .number()
    .int()
    .min(1)
    .max(limits.peopleSearchMax)
    .default(limits.calendarPeoplePage),
  skipNumber: z.coerce.number().int().min(0).default(0),
  allPermissions: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(100).optional(),
});

/** GET /api/calendar/users answer. */
export const calendarUsers = z.object({
  users: z.array(calendarMember),
  totalNumberOfUsers: z.number().int(),
});

/**
 * Invite e-mail rule of PRODUCT.md §1.5: {email} with a TLD of 2 to 4 letters (the rule of
 * /^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,4}$/, checked in linear time without a regex that backtracks).
 */
export function isInviteEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@') || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  return dot >= 1 && /^[a-zA-Z]{2,4}$/.test(domain.slice(dot + 1));
}

/** An invited person's e-mail: bounded first, then the invite rule. */
export const inviteEmailField = z
  .string()
  .trim()
  .max(emailMax, { message: 'inviteUsers.errors.emailInvalid', abort: true })
  .toLowerCase()
  .refine(isInviteEmailAddress, 'inviteUsers.errors.emailInvalid');

/** POST /api/members: a registered person by userId (their address may be private), or anyone by e-mail. */
export const addMemberBody = z
  .object({
    calendarId: z.string().min(1).max(64),
    userId: z.string().min(1).max(64).optional(),
    email: inviteEmailField.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    permissions: permissionFlags.partial().optional(),
  })
  .refine((body) => Boolean(body.userId) !== Boolean(body.email), {
    path: ['email'],
    message: 'inviteUsers.errors.emailInvalid',
  });

/** POST /api/members answer. */
export const addMemberAnswer = z.object({
  memberId: z.string(),
  calendarId: z.string(),
  permissions: memberPermissions,
});

/** POST /api/share/calendar: send the invitation of a member just added (bot check first). */
export const shareCalendarBody = z.object({
  memberId: z.string().min(1).max(64),
  calendarId: z.string().min(1).max(64),
  permissions: permissionFlags.partial().optional(),
  recaptchaCode: z
    .string({ error: 'auth.errors.recaptchaRequired' })
    .min(1, 'auth.errors.recaptchaRequired')
    .max(20_000),
});

/** DELETE /api/share/calendar: take an invitation back or remove a member. */
export const unshareCalendarBody = z.object({
  memberId: z.string().min(1).max(64),
  calendarId: z.string().min(1).max(64),
});

/** /api/members/{memberId} */
export const memberIdParams = z.object({ memberId: z.string().min(1).max(64) });

/** PUT /api/members/{memberId}: the member's new role (its flags follow, docs/PRODUCT.md). */
export const changeMemberRoleBody = z.object({
  calendarId: z.string().min(1).max(64),
  role: z.enum(assignableCalendarRoles, { error: 'calendarPeople.errors.roleInvalid' }),
});
export type ChangeMemberRoleBody = z.infer<typeof changeMemberRoleBody>;

/** POST /api/calendars/{calendarId}/ownershipOffer: the confirmed member offered ownership. */
export const ownershipOfferBody = z.object({ memberId: z.string().min(1).max(64) });
export type OwnershipOfferBody = z.infer<typeof ownershipOfferBody>;

/** GET /api/user?searchString= */
export const userSearchQuery = z.object({
  searchString: z.string().trim().min(limits.searchMinChars).max(100),
});

/** One person found by the search. */
export const userSearchResult = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
});
export const userSearchAnswer = z.array(userSearchResult);
