import {
  account,
  type ChangePasswordBody,
  type NoteBody,
  type noteAnswer,
  type ProfileUpdateBody,
  type profileUpdateAnswer,
  type ReportBody,
  type reportAnswer,
  userProfile,
} from '@convene/contract';
import { z } from 'zod';
import { type Answer, apiFetch, apiSend } from '../../api/client.ts';

/** Oneself answers the own account; anyone else their profile as the viewer may see it. */
const accountOrProfile = z.union([account, userProfile]);

/** GET /api/accounts/{userId}/profile: another user's profile, only the fields they let others see. */
export async function getUserProfile(userId: string, signal?: AbortSignal) {
  const answer = await apiFetch<Answer<typeof accountOrProfile>>(
    `/api/accounts/${encodeURIComponent(userId)}/profile`,
    {
      signal,
    },
  );
  return userProfile.parse({ note: '', isBlocked: false, ...answer });
}

/** PUT /api/accounts/{userId}: saves one's own profile; answers contact, description, hasUpdatedProfile. */
export function updateProfile(userId: string, body: ProfileUpdateBody) {
  return apiFetch<Answer<typeof profileUpdateAnswer>>(`/api/accounts/${encodeURIComponent(userId)}`, {
    method: 'PUT',
    body,
  });
}

/** POST /api/account/changepassword → 204. */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiSend('/api/account/changepassword', { method: 'POST', body });
}

/** GET /api/account/resendEmailConfirmation: mails the confirmation link again. */
export function resendEmailConfirmation(email: string): Promise<void> {
  return apiSend('/api/account/resendEmailConfirmation', { query: { email } });
}

/** PUT /api/users/{userId}/notes: the viewer's private note about a user ('' removes it). */
export function saveNote(userId: string, body: NoteBody) {
  return apiFetch<Answer<typeof noteAnswer>>(`/api/users/${encodeURIComponent(userId)}/notes`, {
    method: 'PUT',
    body,
  });
}

/** POST /api/users/{userId}/reports → 201 (a second report on the same user answers 429). */
export function reportUser(userId: string, body: ReportBody) {
  return apiFetch<Answer<typeof reportAnswer>>(`/api/users/${encodeURIComponent(userId)}/reports`, {
    method: 'POST',
    body,
  });
}
