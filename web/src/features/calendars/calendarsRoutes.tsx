import { Navigate, type RouteObject, useParams } from 'react-router';
import { CalendarDetailScreen } from './CalendarDetailScreen.tsx';
import { CalendarFormScreen } from './CalendarFormScreen.tsx';
import { CalendarsScreen } from './CalendarsScreen.tsx';
import { calendarTabPath } from './calendarTabs.ts';

/** /calendars/{id} without a tab opens its events. */
function CalendarEventsRedirect() {
  const { calendarId = '' } = useParams();
  return <Navigate to={calendarTabPath(calendarId)} replace />;
}

/** Calendar screens: the list (also the start page), a calendar's tabs, create and edit. */
export const calendarsRoutes: RouteObject[] = [
  { index: true, element: <CalendarsScreen /> },
  { path: 'calendars', element: <CalendarsScreen /> },
  { path: 'calendars/:calendarId', element: <CalendarEventsRedirect /> },
  { path: 'calendars/:calendarId/:tab', element: <CalendarDetailScreen /> },
  { path: 'calendar/create', element: <CalendarFormScreen key="create" /> },
  { path: 'calendar/edit/:calendarId', element: <CalendarFormScreen key="edit" /> },
];
