import type { RequestType } from '@convene/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import type { notifications } from '../../db/schema/index.ts';
import { acceptCalendarInvitation, declineCalendarInvitation } from '../calendars/members.service.ts';
import { acceptEventInvitation, declineEventInvitation } from '../rsvp/eventShares.service.ts';

/** What answering a request does beyond changing its status, run in the same transaction. */
export interface RequestEffect {
  accept(tx: Db, ctx: AppContext, request: typeof notifications.$inferSelect): Promise<void>;
  decline(tx: Db, ctx: AppContext, request: typeof notifications.$inferSelect): Promise<void>;
}

/** Nothing more than the status change (a type whose feature does not exist yet). */
const statusOnly: RequestEffect = { accept: async () => undefined, decline: async () => undefined };

/** A calendar invitation: accepting confirms the membership, declining removes it. */
const calendarInvitation: RequestEffect = {
  accept: (tx, _ctx, request) => acceptCalendarInvitation(tx, request),
  decline: (tx, _ctx, request) => declineCalendarInvitation(tx, request),
};

/** An event invitation: the attached RSVP becomes attending (accept) or not attending (decline). */
const eventInvitation: RequestEffect = {
  accept: (tx, _ctx, request) => acceptEventInvitation(tx, request),
  decline: (tx, _ctx, request) => declineEventInvitation(tx, request),
};

/**
 * One place that says what each request type does when answered; the compiler insists on an
 * entry per type; owner change and shifts have no feature yet.
 */
export const requestEffects = {
  shareEvent: eventInvitation,
  shareCalendar: calendarInvitation,
  shareCalendarOwnerChange: statusOnly,
  shiftCreated: statusOnly,
} satisfies Record<RequestType, RequestEffect>;
