/**
 * The profile area's public surface for other features. Open another user's profile dialog from
 * any person card with `const { open } = useProfileDialog(); open(userId)` (or `open({ userId })`,
 * which tells an unregistered person so); ProfileDialogHost is mounted once in the shell.
 */

export type { MeetUserState } from './ProfileDialogBody.tsx';
export { ProfileDialogHost } from './ProfileDialogHost.tsx';
export { type ProfilePerson, useProfileDialog } from './useProfileDialog.ts';
