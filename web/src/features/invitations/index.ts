/**
 * The invitations area's public surface: the invite dialog that inviting to a calendar and
 * inviting to an event share (its shell, and the form with person search, bot check, confirm step
 * and outcome notices). Each feature adds its own fields and its own "invite" request.
 */

export { InviteDialogShell } from './InviteDialogLayout.tsx';
export { InviteForm } from './InviteForm.tsx';
export { type FoundUser, grantableRoles, isAlreadyInvited, roleFlags } from './inviteDialogState.ts';
export { inviteNoticeKeys } from './inviteErrors.ts';
