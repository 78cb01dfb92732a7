import type { RouteObject } from 'react-router';
import { lazySignedInScreen } from '../../components/lazyScreen.tsx';

// Each screen's code loads when it is first shown (issue 12: a light first page).
const ProfileScreen = lazySignedInScreen(() => import('./ProfileScreen.tsx').then((m) => m.ProfileScreen));
const ProfileEditScreen = lazySignedInScreen(() =>
  import('./ProfileEditScreen.tsx').then((m) => m.ProfileEditScreen),
);

/** Profile screens: the signed-in user's profile and its edit form. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', element: <ProfileScreen /> },
  { path: 'profile/edit', element: <ProfileEditScreen /> },
];
