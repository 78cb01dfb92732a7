/**
 * The agenda: events listed by day, paged both ways from today (My events and a calendar's
 * Events tab). The events routes load EventsScreen by its own path, so it stays its own chunk.
 */

export { EventList } from './EventList.tsx';
