import { definePolicy, unless } from '../../platform/policy.ts';
import type { EventAccess, RsvpRow } from '../events/events.access.ts';
import { eventPolicy } from '../events/events.policy.ts';

/** One RSVP (an invitation, or someone's own answer) as the viewer reaches it through its event. */
export interface RsvpAccess {
  event: EventAccess;
  rsvp: RsvpRow;
  viewerId: string;
}

/** What the viewer may do with one RSVP of an event they can see (PRODUCT.md §2.5). */
export const rsvpPolicy = definePolicy<RsvpAccess, 'withdraw' | 'answer'>({
  // An invitee may always leave; taking anyone else's invitation back is inviting's other half.
  // The owner's own RSVP stays either way.
  withdraw: ({ event, rsvp, viewerId }) =>
    (rsvp.userId === viewerId ? null : eventPolicy.check(event, 'shareEvent')) ??
    unless(rsvp.userId !== event.event.ownerId, 'The owner’s RSVP stays'),
  answer: ({ rsvp, viewerId }) => unless(rsvp.userId === viewerId, 'You can only answer for yourself'),
});
