import type { RouteObject } from 'react-router';
import { lazySignedInScreen } from '../../components/lazyScreen.tsx';

// Each screen's code loads when it is first shown (issue 12: a light first page). EventsScreen is
// loaded by its own path: the agenda's index is also a static import of the calendar screen, and
// loading the screen through it would bundle the screen into that shared chunk.
const EventsScreen = lazySignedInScreen(() =>
  import('./agenda/EventsScreen.tsx').then((m) => m.EventsScreen),
);
const EventDetailScreen = lazySignedInScreen(() =>
  import('./details/index.ts').then((m) => m.EventDetailScreen),
);
const EventFormScreen = lazySignedInScreen(() => import('./form/index.ts').then((m) => m.EventFormScreen));

/** Event screens: my events, one event (/events/{title}-{id}), create and edit. */
export const eventsRoutes: RouteObject[] = [
  { path: 'events', element: <EventsScreen /> },
  { path: 'events/:slug', element: <EventDetailScreen /> },
  { path: 'event/create', element: <EventFormScreen key="create" /> },
  { path: 'event/edit/:eventId', element: <EventFormScreen key="edit" /> },
];
