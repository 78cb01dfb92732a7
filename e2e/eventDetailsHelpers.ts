/** Helpers of the event details browser tests (events-details.spec.ts). */

import { acceptRequest, loginTokenOf } from './calendarsHelpers.ts';
import { expect, type Page } from './fixtures';

/** The id of the signed-in person's personal calendar. */
export async function personalCalendarId(page: Page): Promise<string> {
  const answer = await page.request.get('/api/calendar/myCalendars?ignoreDeleted=true', {
    headers: { loginToken: await loginTokenOf(page) },
  });
  expect(answer.status()).toBe(200);
  const calendars = (await answer.json()) as { calendarId: string; isPersonal: boolean }[];
  const personal = calendars.find((calendar) => calendar.isPersonal);
  if (!personal) throw new Error('No personal calendar');
  return personal.calendarId;
}

/** Creates an event in the person's personal calendar through POST /api/event; answers its id. */
export async function createEventThroughApi(page: Page, fields: Record<string, unknown>): Promise<string> {
  const calendarId = await personalCalendarId(page);
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  const answer = await page.request.post('/api/event', {
    headers: { loginToken: await loginTokenOf(page) },
    data: {
      calendarId,
      isAllDay: false,
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      startTimezone: 'Europe/Bucharest',
      endTimezone: 'Europe/Bucharest',
      ...fields,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { eventId: string }).eventId;
}

/** The event page path (/events/{name with _}-{id}), as the app builds it. */
export function eventPagePath(name: string, eventId: string): string {
  return `/events/${encodeURIComponent(name.replaceAll(' ', '_'))}-${eventId}`;
}

/** Accepts a pending event invitation through the API. */
export async function acceptEventInvitation(page: Page, eventName: string): Promise<void> {
  await acceptRequest(page, (request) => request.event?.name === eventName);
}
