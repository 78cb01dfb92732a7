import { Navigate, type RouteObject, useParams } from 'react-router';
import { lazyScreen, lazySignedInScreen } from '../../components/lazyScreen.tsx';
import { calendarTabPath } from './calendarTabs.ts';

// Each screen's code loads when it is first shown (issue 12: a light first page).
// The start page of a signed-in visit: its texts come with the shell (app/i18nSignedIn.ts).
const CalendarsScreen = lazyScreen(() => import('./CalendarsScreen.tsx').then((m) => m.CalendarsScreen));
const CalendarDetailScreen = lazySignedInScreen(() =>
  import('./CalendarDetailScreen.tsx').then((m) => m.CalendarDetailScreen),
);
const CalendarFormScreen = lazySignedInScreen(() =>
  import('./CalendarFormScreen.tsx').then((m) => m.CalendarFormScreen),
);

/** Loads the calendars list's code (main.tsx, before the first render of a visit starting there). */
export const preloadCalendarsScreen = CalendarsScreen.preload;

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
