import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazyScreen.tsx';

// Each screen's code loads when it is first shown (issue 12: a light first page).
const ProfileScreen = lazyScreen(() => import('./ProfileScreen.tsx').then((m) => m.ProfileScreen));
const ProfileEditScreen = lazyScreen(() =>
  import('./ProfileEditScreen.tsx').then((m) => m.ProfileEditScreen),
);

/** Profile screens: the signed-in user's profile and its edit form. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', element: <ProfileScreen /> },
  { path: 'profile/edit', element: <ProfileEditScreen /> },
];
