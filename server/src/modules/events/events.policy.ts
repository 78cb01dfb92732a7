import type { Event, EventAbilities, MemberPermissions } from '@convene/contract';
import { definePolicy, unless } from '../../platform/policy.ts';

/** What the viewer may do with an event (PRODUCT.md §2.6), exactly as the event carries it. */
export type EventPermissions = Event['permissions'];

/** What the event rules read about one viewer and one event. */
export interface EventStanding {
  event: { ownerId: string; kind: string };
  viewerId: string;
  /** The viewer's permissions on the originating calendar; null when it is private to them. */
  calendar: MemberPermissions | null;
  /** Their own calendar that holds the event as an invitation, if any. */
  linkCalendarId: string | null;
}

/**
 * The owner, or whoever can edit the originating calendar, edits and deletes; an invitee may
 * take it out of their own calendar, which holds it as a link; canShare on the calendar invites
 * people unless the event is info.
 */
export function eventPermissions({
  event,
  viewerId,
  calendar,
  linkCalendarId,
}: EventStanding): EventPermissions {
  const isOwner = event.ownerId === viewerId;
  const canEdit = isOwner || Boolean(calendar?.canEdit);
  return {
    canEdit,
    canRemove: !canEdit && Boolean(linkCalendarId),
    canShare: Boolean(calendar?.canShare) && event.kind !== 'info',
    isOwner,
  };
}

const editMessage = 'Only the owner or someone who can edit its calendar may change this event';
const shareMessage = 'You need canShare on the calendar, and an event that is not info, to invite people';

/** The abilities over an event the viewer can see, read from its permissions. */
export const eventPolicy = definePolicy<{ permissions: EventPermissions }, EventAbility>({
  editEvent: ({ permissions }) => unless(permissions.canEdit, editMessage),
  deleteEvent: ({ permissions }) => unless(permissions.canEdit, editMessage),
  removeEvent: ({ permissions }) => unless(permissions.canRemove, 'You cannot remove this event'),
  shareEvent: ({ permissions }) => unless(permissions.canShare, shareMessage),
  // Whoever may invite people to the event manages the invitations sent to bare addresses.
  seeInvitedAddresses: ({ permissions }) => unless(permissions.isOwner || permissions.canShare, shareMessage),
  // Dates and location an event hides from its guests stay visible to whoever may edit it.
  seeHiddenDetails: ({ permissions }) => unless(permissions.canEdit, editMessage),
  // Starting a live stream needs edit rights (PRODUCT.md §2.6).
  startStream: ({ permissions }) => unless(permissions.canEdit, editMessage),
});

/** The abilities are the ones an event carries to the web (one list of names, in the contract). */
export type EventAbility = keyof EventAbilities;
