import { streamMessages } from '@convene/contract';
import { definePolicy, unless } from '../../platform/policy.ts';

/** RSVP answers that may watch an event's streams: going ('yes') and in the loop ('maybe'). */
export const watchingRsvps: ReadonlySet<string> = new Set(['attending', 'none']);

/** What the stream rules read about one viewer of an event (and, for one stream, its broadcaster). */
export interface StreamStanding {
  viewerId: string;
  /** The viewer may edit the event (owner, or canEdit on its originating calendar). */
  canEdit: boolean;
  /** The viewer's own RSVP to the event, when they hold one that counts. */
  rsvp: string | null;
  /** The stream's broadcaster, for rules about one stream. */
  broadcasterId?: string;
}

const editMessage = 'Only the owner or someone who can edit its calendar may stream this event';

/**
 * Live streams (PRODUCT.md §2.6, §2.1 Live streams): starting (publishing) needs edit rights on
 * the event; watching needs edit rights or an RSVP of yes or maybe; a stream is stopped by its
 * broadcaster or by anyone who may edit the event.
 */
export const streamsPolicy = definePolicy<StreamStanding, 'startStream' | 'watchStreams' | 'stopStream'>({
  startStream: (standing) => unless(standing.canEdit, editMessage),
  watchStreams: (standing) =>
    unless(standing.canEdit || watchingRsvps.has(standing.rsvp ?? ''), streamMessages.rsvpRequired),
  stopStream: (standing) =>
    unless(standing.canEdit || standing.broadcasterId === standing.viewerId, editMessage),
});
