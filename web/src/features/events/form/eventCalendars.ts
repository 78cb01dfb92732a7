import type { Calendar } from '@convene/contract';

/** A calendar the event form offers. */
export interface CalendarChoice {
  calendarId: string;
  name: string;
  isPersonal: boolean;
}

/**
 * The calendars of the event form's dropdown (PRODUCT.md §1.6 canAdd, as the calendar's addEvent ability says): the personal calendar
 * first, then the other calendars where the viewer can add events, those they can also edit
 * before those they can only add to, each group by name. `keepCalendarId` (the calendar an
 * edited event is in) stays offered even without canAdd, so the dropdown can show it.
 */
export function eventFormCalendars(
  calendars: readonly Calendar[],
  keepCalendarId?: string,
): CalendarChoice[] {
  const personal = calendars.filter((calendar) => calendar.isPersonal);
  const others = calendars
    .filter((calendar) => !calendar.isPersonal)
    .filter((calendar) => calendar.abilities.addEvent || calendar.calendarId === keepCalendarId)
    .map((calendar) => ({ calendar, canEdit: calendar.abilities.edit }))
    .sort(
      (a, b) =>
        Number(b.canEdit) - Number(a.canEdit) ||
        a.calendar.name.localeCompare(b.calendar.name, undefined, { sensitivity: 'base' }) ||
        a.calendar.calendarId.localeCompare(b.calendar.calendarId),
    )
    .map(({ calendar }) => calendar);
  return [...personal, ...others].map(({ calendarId, name, isPersonal }) => ({
    calendarId,
    name,
    isPersonal,
  }));
}

/**
 * The calendar a new event starts in: the one asked for (router state) when offered, else the
 * personal calendar, else the first offered; '' when there is none.
 */
export function defaultEventCalendar(choices: readonly CalendarChoice[], wanted?: string | null): string {
  if (wanted && choices.some((choice) => choice.calendarId === wanted)) return wanted;
  return (choices.find((choice) => choice.isPersonal) ?? choices[0])?.calendarId ?? '';
}
