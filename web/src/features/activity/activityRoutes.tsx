import type { RouteObject } from 'react-router';
import { lazySignedInScreen } from '../../components/lazyScreen.tsx';

const ActivityScreen = lazySignedInScreen(() => import('./ActivityScreen.tsx').then((m) => m.ActivityScreen));

/** Activity screens: the notification feed and the requests list (PRODUCT.md §2.2 Activity). */
export const activityRoutes: RouteObject[] = [
  { path: 'activity', element: <ActivityScreen tab="notifications" /> },
  { path: 'activity/requests', element: <ActivityScreen tab="requests" /> },
];
