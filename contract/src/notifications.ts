import { z } from 'zod';
import { limits } from './limits.ts';

/** Every notification type of PRODUCT.md §2.3. */
export const notificationTypes = [
  'rsvpUpdate',
  'attendanceUpdate',
  'eventChanged',
  'eventDeleted',
  'eventAddedToCalendar',
  'shareEvent',
  'shareEventAccepted',
  'shareEventRejected',
  'shareEventInfo',
  'shareEventRemove',
  'calendarChanged',
  'calendarDeleted',
  'shareCalendar',
  'shareCalendarAccepted',
  'shareCalendarRejected',
  'shareCalendarRemove',
  'shareCalendarOwnerChange',
  'shareCalendarOwnerRejected',
  'shareCalendarCancelOwnerChange',
  'shareCalendarNotifyOwner',
  'organizationAdd',
  'organizationAddCalendar',
  'organizationAssignCalendar',
  'shiftCreated',
  'shiftsCreated',
  'shiftAccepted',
  'shiftRejected',
  'ticket',
  'tickets',
] as const;

/** One of the notification types. */
export type NotificationType = (typeof notificationTypes)[number];

/** Types that are requests: they start pending and are answered by accept or decline. */
export const requestTypes = [
  'shareEvent',
  'shareCalendar',
  'shareCalendarOwnerChange',
  'shiftCreated',
] as const satisfies readonly NotificationType[];
export type RequestType = (typeof requestTypes)[number];

/** True when a notification type is answered with accept / decline. */
export function isRequestType(type: string): type is RequestType {
  return (requestTypes as readonly string[]).includes(type);
}

/** Status of a request. */
export const notificationStatuses = ['pending', 'accepted', 'rejected'] as const;

const person = z.object({ userId: z.string(), name: z.string(), imageLink: z.string().nullable() });

/** A notification as its recipient sees it (PRODUCT.md §2.3 Notification). */
export const notification = z.object({
  notificationId: z.string(),
  notificationType: z.enum(notificationTypes),
  /** Who caused it; null when that account no longer exists. */
  sender: person.nullable(),
  initiator: person.nullable(),
  /** pending | accepted | rejected for requests; null for plain notifications. */
  status: z.enum(notificationStatuses).nullable(),
  hasBeenRead: z.boolean(),
  /** ISO date of the action. */
  actionDate: z.string(),
  /** Single-use answer token of a pending request; null otherwise. */
  token: z.string().nullable(),
  payload: z.object({
    requiresRSVP: z.boolean(),
    permissions: z.object({ canView: z.boolean() }),
    initiator: z.object({ userId: z.string(), name: z.string() }).nullable().optional(),
    target: z
      .object({
        userId: z.string().nullable().optional(),
        name: z.string().nullable().optional(),
        email: z.string().nullable().optional(),
      })
      .nullable()
      .optional(),
    changes: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  rsvpId: z.string().nullable(),
  event: z
    .object({
      eventId: z.string(),
      name: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      timezone: z.string(),
      isAllDay: z.boolean(),
      kind: z.string(),
      coverPhotos: z.array(z.string()).optional(),
    })
    .nullable(),
  calendar: z
    .object({ calendarId: z.string(), name: z.string(), color: z.string(), visibility: z.string() })
    .nullable(),
  details: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/** GET /api/notification/history query. */
export const notificationHistoryQuery = z.object({
  skipNumber: z.coerce.number().int().min(0).max(100_000).default(0),
  resultsPerPage: z.coerce.number().int().min(1).max(100).default(limits.notificationFirstPage),
  /** pending → the Requests tab; absent → every notification. */
  status: z.enum(['pending']).optional(),
});

/** GET /api/notification/history answer. */
export const notificationHistory = z.object({
  notifications: z.array(notification),
  /** Unread notifications of the viewer, whatever the page. */
  unreadCount: z.number().int(),
});
export type NotificationHistory = z.infer<typeof notificationHistory>;

/** PUT /api/notification body. */
export const markNotificationBody = z.object({
  notificationId: z.string().min(1).max(100),
  hasBeenRead: z.boolean(),
});

/** GET / DELETE /api/notification query: the request's answer token. */
export const notificationTokenQuery = z.object({ token: z.string().min(1).max(300) });

/** POST /api/devices body: the browser's PushSubscription as JSON (string or object). */
export const pushSubscription = z.object({
  endpoint: z
    .url()
    .max(2000)
    .refine((value) => value.startsWith('https://'), 'push endpoints use https'),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export const deviceBody = z.object({
  deviceToken: z.union([
    pushSubscription,
    z
      .string()
      .max(4000)
      .transform((text, ctx) => {
        try {
          return pushSubscription.parse(JSON.parse(text));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'deviceToken must be a PushSubscription' });
          return z.NEVER;
        }
      }),
  ]),
});

/** What a Web Push message carries to the service worker. */
export interface PushMessage {
  title: string;
  body: string;
  /** Path the click opens. */
  url: string;
  /** Same tag replaces an earlier notification of the same thing. */
  tag: string;
}
