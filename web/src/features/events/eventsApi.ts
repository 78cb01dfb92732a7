import {
  type AgendaItemPage,
  agendaItemFields,
  type CreateEventBody,
  type createUserEventStatusAnswer,
  type event,
  type UpdateEventBody,
  type userEventStatus,
  type userEventStatusList,
} from '@convene/contract';
import { type Answer, apiFetch, apiSend } from '../../api/client.ts';

/** Which agenda a list shows: every calendar of the viewer, or one calendar. */
export interface AgendaScope {
  /** null: GET /api/events (My events); else GET /api/calendars/{id}/events. */
  calendarId: string | null;
  /** Search by name (the q variant); '' for none. */
  q: string;
}

const agendaFields = agendaItemFields.join(',');

/** One page request of the agenda: forward from timeMin or backward from timeMax, or a token. */
export interface AgendaPageRequest {
  pageToken?: string;
  timeMin?: string;
  timeMax?: string;
  maxResults?: number;
}

/** GET /api/events or /api/calendars/{id}/events (kind=classic, showDeleted=false), the fields a row shows. */
export function listEvents(scope: AgendaScope, page: AgendaPageRequest, signal?: AbortSignal) {
  const path = scope.calendarId
    ? `/api/calendars/${encodeURIComponent(scope.calendarId)}/events`
    : '/api/events';
  return apiFetch<AgendaItemPage>(path, {
    query: {
      fields: agendaFields,
      kind: 'classic',
      showDeleted: false,
      maxResults: page.maxResults,
      pageToken: page.pageToken,
      timeMin: page.pageToken ? undefined : page.timeMin,
      timeMax: page.pageToken ? undefined : page.timeMax,
      q: scope.q || undefined,
    },
    signal,
  });
}

/** GET /api/events/{id}: one event (or occurrence) as the viewer sees it; 404 when they may not. */
export function getEvent(eventId: string, signal?: AbortSignal) {
  return apiFetch<Answer<typeof event>>(`/api/events/${encodeURIComponent(eventId)}`, { signal });
}

/** POST /api/event: creates an event. */
export function createEvent(body: CreateEventBody) {
  return apiFetch<Answer<typeof event>>('/api/event', { method: 'POST', body });
}

/** PUT /api/event: changes an event, or an occurrence with a scope (this, following, all). */
export function updateEvent(body: UpdateEventBody) {
  return apiFetch<Answer<typeof event>>('/api/event', { method: 'PUT', body });
}

/**
 * DELETE /api/event: deletes an event (owner or canEdit on its calendar), an occurrence with
 * parentId and scope, or — with the viewer's own calendar id — removes it from that calendar.
 */
export function deleteEvent(body: {
  calendarId: string;
  eventId: string;
  parentId?: string | null;
  scope?: 'this' | 'following' | 'all';
}) {
  return apiSend('/api/event', { method: 'DELETE', body });
}

/** GET /api/events/{id}/userEventStatus: the viewer's own RSVP (created 'in the loop' on first ask). */
export function getMyRsvp(eventId: string, signal?: AbortSignal) {
  return apiFetch<Answer<typeof userEventStatus>>(
    `/api/events/${encodeURIComponent(eventId)}/userEventStatus`,
    {
      signal,
    },
  );
}

/** PUT /api/userEventStatuses/{rsvpId}: the viewer answers (attending, notAttending, none). */
export function updateRsvp(
  rsvpId: string,
  statuses: { rsvp?: 'attending' | 'notAttending' | 'none'; attendance?: 'unknown' | 'present' | 'absent' },
) {
  return apiFetch<Answer<typeof userEventStatus>>(`/api/userEventStatuses/${encodeURIComponent(rsvpId)}`, {
    method: 'PUT',
    body: { statuses },
  });
}

/** GET /api/events/{id}/userEventStatuses: attendees paged by name (10 a page). */
export function listAttendees(
  eventId: string,
  page: { resultsPerPage: number; skipNumber: number },
  signal?: AbortSignal,
) {
  return apiFetch<Answer<typeof userEventStatusList>>(
    `/api/events/${encodeURIComponent(eventId)}/userEventStatuses`,
    {
      query: { ...page, sortKey: 'name' },
      signal,
    },
  );
}

/** POST /api/userEventStatuses: adds an invitee (by userId, or anyone by e-mail), not yet sent. */
export function addEventInvitee(body: {
  userId?: string;
  email?: string;
  name?: string;
  groupId: string;
  eventId: string;
}) {
  return apiFetch<Answer<typeof createUserEventStatusAnswer>>('/api/userEventStatuses', {
    method: 'POST',
    body,
  });
}

/** POST /api/share/event: sends the invitation (429 past the hourly limit). */
export function shareEvent(body: {
  userEventStatusId: string;
  groupId: string;
  eventId: string;
  recaptchaCode: string;
}) {
  return apiFetch<Answer<typeof createUserEventStatusAnswer>>('/api/share/event', { method: 'POST', body });
}

/** DELETE /api/share/event: takes an invitation back (the rollback after a 429). */
export function unshareEvent(body: { groupId: string; eventId: string; rsvpId: string }) {
  return apiSend('/api/share/event', { method: 'DELETE', body });
}
