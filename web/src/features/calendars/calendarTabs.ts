import type { CalendarAbilities } from '@convene/contract';

/** The tabs of a calendar, in order; the path's last segment names the active one. */
export const calendarTabs = ['events', 'about', 'people', 'settings'] as const;
export type CalendarTab = (typeof calendarTabs)[number];

/** The tabs a viewer sees (PRODUCT.md §1.2/§1.6): Events and About always, People and Settings to a viewer who may share. */
export function visibleCalendarTabs(calendar: {
  abilities: Pick<CalendarAbilities, 'share'>;
}): CalendarTab[] {
  return calendar.abilities.share ? [...calendarTabs] : ['events', 'about'];
}

/** The tab a path segment names, or null for anything else. */
export function parseCalendarTab(segment: string | undefined): CalendarTab | null {
  return (calendarTabs as readonly string[]).includes(segment ?? '') ? (segment as CalendarTab) : null;
}

/** The path of a calendar's tab: /calendars/{id}/{tab}. */
export function calendarTabPath(calendarId: string, tab: CalendarTab = 'events'): string {
  return `/calendars/${encodeURIComponent(calendarId)}/${tab}`;
}
