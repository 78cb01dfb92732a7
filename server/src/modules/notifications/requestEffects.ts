import type { RequestType } from '@convene/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import type { notifications } from '../../db/schema/index.ts';

/** What answering a request does beyond changing its status, run in the same transaction. */
export interface RequestEffect {
  accept(tx: Db, ctx: AppContext, request: typeof notifications.$inferSelect): Promise<void>;
  decline(tx: Db, ctx: AppContext, request: typeof notifications.$inferSelect): Promise<void>;
}

/** Nothing more than the status change (a type whose feature does not exist yet). */
const statusOnly: RequestEffect = { accept: async () => undefined, decline: async () => undefined };

/**
 * One place that says what each request type does when answered; the compiler insists on an
 * entry per type. The calendars feature fills in shareCalendar and shareCalendarOwnerChange
 * (membership takes effect), the events feature shareEvent (the attached RSVP becomes
 * attending / not attending).
 */
export const requestEffects = {
  shareEvent: statusOnly,
  shareCalendar: statusOnly,
  shareCalendarOwnerChange: statusOnly,
  shiftCreated: statusOnly,
} satisfies Record<RequestType, RequestEffect>;
