import type { RouteObject } from 'react-router';
import { EventDetailScreen } from './EventDetailScreen.tsx';
import { EventFormScreen } from './EventFormScreen.tsx';
import { EventsScreen } from './EventsScreen.tsx';

/** Event screens: my events, one event (/events/{title}-{id}), create and edit. */
export const eventsRoutes: RouteObject[] = [
  { path: 'events', element: <EventsScreen /> },
  { path: 'events/:slug', element: <EventDetailScreen /> },
  { path: 'event/create', element: <EventFormScreen key="create" /> },
  { path: 'event/edit/:eventId', element: <EventFormScreen key="edit" /> },
];
