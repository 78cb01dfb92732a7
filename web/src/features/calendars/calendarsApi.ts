import {
  addMemberAnswer,
  type CreateCalendarBody,
  calendar,
  calendarUsers,
  type PermissionFlags,
  type UpdateCalendarBody,
} from '@convene/contract';
import { z } from 'zod';
import { apiFetch, apiSend } from '../../api/client.ts';

/** The viewer's own switches of a calendar (Settings tab). */
export interface CalendarSettingsChange {
  enableETA?: boolean;
  enableNotices?: boolean;
  enableChatPushNotifications?: boolean;
}

/** GET /api/calendar/myCalendars?ignoreDeleted=true: the viewer's calendars, personal first. */
export function listMyCalendars(signal?: AbortSignal) {
  return apiFetch('/api/calendar/myCalendars', {
    query: { ignoreDeleted: true },
    schema: z.array(calendar),
    signal,
  });
}

/** GET /api/calendars/{id}: one calendar as the viewer sees it (404 when they may not). */
export function getCalendar(calendarId: string, signal?: AbortSignal) {
  return apiFetch(`/api/calendars/${encodeURIComponent(calendarId)}`, { schema: calendar, signal });
}

/** POST /api/calendar: creates a calendar owned by the viewer. */
export function createCalendar(body: CreateCalendarBody) {
  return apiFetch('/api/calendar', { method: 'POST', body, schema: calendar });
}

/** PUT /api/calendar?calendarId=: changes some fields of a calendar. */
export function updateCalendar(calendarId: string, body: UpdateCalendarBody) {
  return apiFetch('/api/calendar', { method: 'PUT', query: { calendarId }, body, schema: calendar });
}

/** PUT /api/calendar/settings?calendarId=: saves the viewer's own switches. */
export function updateCalendarSettings(calendarId: string, body: CalendarSettingsChange) {
  return apiFetch('/api/calendar/settings', { method: 'PUT', query: { calendarId }, body, schema: calendar });
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
  return apiFetch('/api/calendar/users', { query, schema: calendarUsers, signal });
}

/** POST /api/members: adds an invitee (not yet confirmed); 409 ALREADY_INVITED when present. */
export function addMember(body: {
  calendarId: string;
  userId?: string;
  email?: string;
  name?: string;
  permissions?: Partial<PermissionFlags>;
}) {
  return apiFetch('/api/members', { method: 'POST', body, schema: addMemberAnswer });
}

/** POST /api/share/calendar: sends the invitation of a member just added (429 past the hourly limit). */
export function shareCalendar(body: {
  calendarId: string;
  memberId: string;
  permissions?: Partial<PermissionFlags>;
  recaptchaCode: string;
}) {
  return apiFetch('/api/share/calendar', { method: 'POST', body, schema: addMemberAnswer });
}

/** DELETE /api/share/calendar: takes an invitation back (the rollback after a 429). */
export function unshareCalendar(body: { calendarId: string; memberId: string }) {
  return apiSend('/api/share/calendar', { method: 'DELETE', body });
}
