import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Calendar screens: the list (also the start page), a calendar's tabs, create and edit. */
export const calendarsRoutes: RouteObject[] = [
  { index: true, element: <ComingSoon page="calendars" /> },
  { path: 'calendars', element: <ComingSoon page="calendars" /> },
  { path: 'calendars/:calendarId/:tab', element: <ComingSoon page="calendarDetail" /> },
  { path: 'calendar/create', element: <ComingSoon page="calendarCreate" /> },
  { path: 'calendar/edit/:calendarId', element: <ComingSoon page="calendarEdit" /> },
];
