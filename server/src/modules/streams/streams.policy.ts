import { streamMessages } from '@convene/contract';
import { definePolicy, unless } from '../../platform/policy.ts';
import { type EventPermissions, eventPolicy } from '../events/events.policy.ts';

/** RSVP answers that may watch an event's streams: going ('yes') and in the loop ('maybe'). */
export const watchingRsvps: ReadonlySet<string> = new Set(['attending', 'none']);

/** What the stream rules read about one viewer of an event (and, for one stream, its broadcaster). */
export interface StreamStanding {
  viewerId: string;
  /** The viewer's permissions on the event (canEdit: owner, or canEdit on its originating calendar). */
  permissions: EventPermissions;
  /** The viewer's own RSVP to the event, when they hold one that counts. */
  rsvp: string | null;
  /** The stream's broadcaster, for rules about one stream. */
  broadcasterId?: string;
}

/**
 * Live streams (PRODUCT.md §2.6, §2.1 Live streams): starting (publishing) needs edit rights on
 * the event; watching needs edit rights or an RSVP of yes or maybe; a stream is stopped by its
 * broadcaster or by anyone who may edit the event.
 */
export const streamsPolicy = definePolicy<StreamStanding, 'startStream' | 'watchStreams' | 'stopStream'>({
  // The event's own rule, which its `abilities.startStream` shows the web.
  startStream: (standing) => eventPolicy.check(standing, 'startStream'),
  watchStreams: (standing) =>
    unless(
      standing.permissions.canEdit || watchingRsvps.has(standing.rsvp ?? ''),
      streamMessages.rsvpRequired,
    ),
  stopStream: (standing) =>
    standing.broadcasterId === standing.viewerId ? null : eventPolicy.check(standing, 'startStream'),
});
