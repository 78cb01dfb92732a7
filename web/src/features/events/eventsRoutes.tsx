import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazyScreen.tsx';

// Each screen's code loads when it is first shown (issue 12: a light first page).
const EventsScreen = lazyScreen(() => import('./EventsScreen.tsx').then((m) => m.EventsScreen));
const EventDetailScreen = lazyScreen(() =>
  import('./EventDetailScreen.tsx').then((m) => m.EventDetailScreen),
);
const EventFormScreen = lazyScreen(() => import('./EventFormScreen.tsx').then((m) => m.EventFormScreen));

/** Event screens: my events, one event (/events/{title}-{id}), create and edit. */
export const eventsRoutes: RouteObject[] = [
  { path: 'events', element: <EventsScreen /> },
  { path: 'events/:slug', element: <EventDetailScreen /> },
  { path: 'event/create', element: <EventFormScreen key="create" /> },
  { path: 'event/edit/:eventId', element: <EventFormScreen key="edit" /> },
];
