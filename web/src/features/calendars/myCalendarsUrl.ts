/**
 * GET /api/calendar/myCalendars?ignoreDeleted=true: the viewer's calendars, personal first. A
 * module of its own so that app/preloadFirstScreen.ts can send it before the app starts.
 */
export const myCalendarsUrl = '/api/calendar/myCalendars?ignoreDeleted=true';
