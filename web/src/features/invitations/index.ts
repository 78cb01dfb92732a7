/**
 * The invitations area's public surface: the invite dialog parts that inviting to a calendar and
 * inviting to an event share (person search, bot check, confirm step, outcome notices). Each
 * feature keeps its own dialog and its own "invite" request.
 */

export { InviteBotCheck } from './InviteBotCheck.tsx';
export { InviteDialogLayout, InviteDialogShell } from './InviteDialogLayout.tsx';
export { type FoundUser, grantableRoles, isAlreadyInvited, roleFlags } from './inviteDialogState.ts';
export { inviteNoticeKeys } from './inviteErrors.ts';
export { PersonSearchBox } from './PersonSearchBox.tsx';
export { useInviteConfirm } from './useInviteConfirm.ts';
export { usePersonSearch } from './usePersonSearch.ts';
