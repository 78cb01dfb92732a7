import { z } from 'zod';
import { inviteEmailField } from './calendars.ts';
import { attendanceValues, rsvpStatuses, rsvpValues } from './events.ts';
import { limits } from './limits.ts';

/** One person's RSVP to an event (PRODUCT.md §1.3 UserEventStatus). */
export const userEventStatus = z.object({
  userEventStatusId: z.string(),
  eventId: z.string(),
  /** The calendar the invitation was sent from (the event's originating calendar). */
  groupId: z.string().nullable(),
  /** Null for someone invited by e-mail who has no account yet. */
  userId: z.string().nullable(),
  name: z.string(),
  /** Shown to the event owner and to people who can share the calendar, else per privacy. */
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
  statuses: rsvpStatuses,
});
export type UserEventStatus = z.infer<typeof userEventStatus>;

/** GET /api/events/{eventId}/userEventStatuses query: attendees paged by name. */
export const userEventStatusesQuery = z.object({
  resultsPerPage: z.coerce.number().int().min(1).max(100).default(limits.attendeePage),
  skipNumber: z.coerce.number().int().min(0).max(100_000).default(0),
  sortKey: z.enum(['name']).default('name'),
});

/** GET /api/events/{eventId}/userEventStatuses answer. */
export const userEventStatusList = z.object({
  userEventStatuses: z.array(userEventStatus),
  /** Every RSVP of the event, whatever the page. */
  totalNumberOfUsers: z.number().int(),
});

/**
 * PUT /api/userEventStatuses/{rsvpId}: the viewer changes their own answer. 'pending' is only
 * where an invitation starts; a person answers attending, notAttending or none.
 */
export const updateUserEventStatusBody = z.object({
  statuses: z
    .object({
      rsvp: z.enum(['attending', 'notAttending', 'none']).optional(),
      attendance: z.enum(attendanceValues).optional(),
    })
    .refine((value) => value.rsvp !== undefined || value.attendance !== undefined, 'rsvp or attendance'),
});

/** {rsvpId} path parameter. */
export const rsvpIdParams = z.object({ rsvpId: z.string().min(1).max(64) });

/**
 * POST /api/userEventStatuses: add an invitee to an event — a person found by name by their
 * userId (their address stays private), or anyone by e-mail; exactly one of the two.
 */
export const createUserEventStatusBody = z
  .object({
    userId: z.string().min(1).max(64).optional(),
    email: inviteEmailField.optional(),
    name: z.string().trim().min(1).max(100).optional(),
    /** The event's originating calendar, on which the sharer needs canShare. */
    groupId: z.string().min(1).max(64),
    eventId: z.string().min(1).max(100),
  })
  .refine((body) => Boolean(body.userId) !== Boolean(body.email), {
    path: ['email'],
    message: 'inviteUsers.errors.emailInvalid',
  });

/** POST /api/userEventStatuses answer. */
export const createUserEventStatusAnswer = z.object({ userEventStatusId: z.string() });

/** POST /api/share/event: send the invitation of an invitee just added (bot check first). */
export const shareEventBody = z.object({
  userEventStatusId: z.string().min(1).max(64),
  groupId: z.string().min(1).max(64),
  eventId: z.string().min(1).max(100),
  recaptchaCode: z
    .string({ error: 'auth.errors.recaptchaRequired' })
    .min(1, 'auth.errors.recaptchaRequired')
    .max(20_000),
});

/** DELETE /api/share/event: take an invitation back (the client's rollback after a 429). */
export const unshareEventBody = z.object({
  groupId: z.string().min(1).max(64),
  eventId: z.string().min(1).max(100),
  rsvpId: z.string().min(1).max(64),
});

/** How each RSVP value is shown (PRODUCT.md §1.4 RSVP display), as i18n keys. */
export const rsvpLabelKeys = {
  attending: 'rsvp.going',
  notAttending: 'rsvp.notGoing',
  none: 'rsvp.inTheLoop',
  pending: 'rsvp.pending',
} as const satisfies Record<(typeof rsvpValues)[number], string>;

/** GET /api/rsvp: the RSVP vocabulary (values a person may choose, every value's label key). */
export const rsvpOptions = z.object({
  choices: z.array(z.enum(rsvpValues)),
  values: z.array(z.object({ rsvp: z.enum(rsvpValues), labelKey: z.string() })),
  attendance: z.array(z.enum(attendanceValues)),
});
export type RsvpOptions = z.infer<typeof rsvpOptions>;
