import type { RouteObject } from 'react-router';
import { ProfileEditScreen } from './ProfileEditScreen.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';

/** Profile screens: the signed-in user's profile and its edit form. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', element: <ProfileScreen /> },
  { path: 'profile/edit', element: <ProfileEditScreen /> },
];
