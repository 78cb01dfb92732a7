import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Activity screens: the notification feed and the requests list. */
export const activityRoutes: RouteObject[] = [
  { path: 'activity', element: <ComingSoon page="activity" /> },
  { path: 'activity/requests', element: <ComingSoon page="requests" /> },
];
