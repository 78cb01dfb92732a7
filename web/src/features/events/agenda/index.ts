/**
 * The agenda: events listed by day, paged both ways from today (My events and a calendar's
 * Events tab).
 */

export { EventList } from './EventList.tsx';
export { EventsScreen } from './EventsScreen.tsx';
