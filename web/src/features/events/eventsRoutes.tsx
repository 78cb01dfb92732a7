import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Event screens: my events, one event (/events/{title}-{id}), create and edit. */
export const eventsRoutes: RouteObject[] = [
  { path: 'events', element: <ComingSoon page="events" /> },
  { path: 'events/:slug', element: <ComingSoon page="eventDetail" /> },
  { path: 'event/create', element: <ComingSoon page="eventCreate" /> },
  { path: 'event/edit/:eventId', element: <ComingSoon page="eventEdit" /> },
];
