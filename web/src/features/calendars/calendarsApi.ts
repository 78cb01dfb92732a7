import type {
  AssignableCalendarRole,
  addMemberAnswer,
  CreateCalendarBody,
  calendar,
  calendarMember,
  calendarUsers,
  PermissionFlags,
  UpdateCalendarBody,
} from '@convene/contract';
import { type Answer, apiFetch, apiSend } from '../../api/client.ts';
import { myCalendarsUrl } from './myCalendarsUrl.ts';

/** The viewer's own switches of a calendar (Settings tab). */
export interface CalendarSettingsChange {
  enableETA?: boolean;
  enableNotices?: boolean;
  enableChatPushNotifications?: boolean;
}

/** The viewer's calendars, personal first (sent early at the start of a visit to the list). */
export function listMyCalendars(signal?: AbortSignal) {
  return apiFetch<Answer<typeof calendar>[]>(myCalendarsUrl, { signal });
}

/** GET /api/calendars/{id}: one calendar as the viewer sees it (404 when they may not). */
export function getCalendar(calendarId: string, signal?: AbortSignal) {
  return apiFetch<Answer<typeof calendar>>(`/api/calendars/${encodeURIComponent(calendarId)}`, { signal });
}

/** POST /api/calendar: creates a calendar owned by the viewer. */
export function createCalendar(body: CreateCalendarBody) {
  return apiFetch<Answer<typeof calendar>>('/api/calendar', { method: 'POST', body });
}

/** PUT /api/calendar?calendarId=: changes some fields of a calendar. */
export function updateCalendar(calendarId: string, body: UpdateCalendarBody) {
  return apiFetch<Answer<typeof calendar>>('/api/calendar', { method: 'PUT', query: { calendarId }, body });
}

/** PUT /api/calendar/settings?calendarId=: saves the viewer's own switches. */
export function updateCalendarSettings(calendarId: string, body: CalendarSettingsChange) {
  return apiFetch<Answer<typeof calendar>>('/api/calendar/settings', {
    method: 'PUT',
    query: { calendarId },
    body,
  });
}

/** DELETE /api/calendar?calendarId=: deletes a calendar for good (204). */
export function deleteCalendar(calendarId: string) {
  return apiSend('/api/calendar', { method: 'DELETE', query: { calendarId } });
}

/** GET /api/calendar/users: a page of a calendar's people, or a search among them (q). */
export function listCalendarPeople(
  query: { calendarId: string; resultsPerPage: number; skipNumber: number; q?: string },
  signal?: AbortSignal,
) {
  return apiFetch<Answer<typeof calendarUsers>>('/api/calendar/users', { query, signal });
}

/** POST /api/members: adds an invitee (not yet confirmed); 409 ALREADY_INVITED when present. */
export function addMember(body: {
  calendarId: string;
  userId?: string;
  email?: string;
  name?: string;
  permissions?: Partial<PermissionFlags>;
}) {
  return apiFetch<Answer<typeof addMemberAnswer>>('/api/members', { method: 'POST', body });
}

/** POST /api/share/calendar: sends the invitation of a member just added (429 past the hourly limit). */
export function shareCalendar(body: {
  calendarId: string;
  memberId: string;
  permissions?: Partial<PermissionFlags>;
  recaptchaCode: string;
}) {
  return apiFetch<Answer<typeof addMemberAnswer>>('/api/share/calendar', { method: 'POST', body });
}

/**
 * DELETE /api/share/calendar: removes a member, takes an invitation back (also the rollback after a
 * 429), or, with the viewer's own memberId, leaves the calendar.
 */
export function unshareCalendar(body: { calendarId: string; memberId: string }) {
  return apiSend('/api/share/calendar', { method: 'DELETE', body });
}

/** PUT /api/members/{memberId}: gives a member another role (its flags follow). */
export function changeMemberRole(
  memberId: string,
  body: { calendarId: string; role: AssignableCalendarRole },
) {
  return apiFetch<Answer<typeof calendarMember>>(`/api/members/${encodeURIComponent(memberId)}`, {
    method: 'PUT',
    body,
  });
}

/** POST /api/calendars/{id}/ownershipOffer: offers ownership to a confirmed member (replaces an older offer). */
export function offerOwnership(calendarId: string, memberId: string) {
  return apiFetch<Answer<typeof calendarMember>>(
    `/api/calendars/${encodeURIComponent(calendarId)}/ownershipOffer`,
    { method: 'POST', body: { memberId } },
  );
}

/** DELETE /api/calendars/{id}/ownershipOffer: the owner takes the pending offer back. */
export function cancelOwnershipOffer(calendarId: string) {
  return apiSend(`/api/calendars/${encodeURIComponent(calendarId)}/ownershipOffer`, { method: 'DELETE' });
}
