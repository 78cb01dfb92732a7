import type { calendarMembers } from '../../db/schema/index.ts';
import { definePolicy, unless } from '../../platform/policy.ts';
import type { CalendarAccess } from './calendars.access.ts';
import { calendarPolicy } from './calendars.policy.ts';

/** One member (or invitation) of a calendar as the viewer reaches it. */
export interface MemberAccess {
  calendar: CalendarAccess;
  member: typeof calendarMembers.$inferSelect;
  viewerId: string;
}

/** What the viewer may do with one member of a calendar (PRODUCT.md §1.6). */
export const memberPolicy = definePolicy<MemberAccess, 'removeMember'>({
  // A member may always leave; taking anyone else out (or an invitation back) needs canShare.
  // The owner stays either way.
  removeMember: ({ calendar, member, viewerId }) =>
    (member.userId === viewerId ? null : calendarPolicy.check(calendar, 'share')) ??
    unless(!member.permissions.isOwner, 'The owner cannot be removed'),
});
