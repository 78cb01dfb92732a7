/** The event page: facts, RSVP, attendees and inviting, location, streams, deleting. */

export { EventDetailScreen } from './EventDetailScreen.tsx';
