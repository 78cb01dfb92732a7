import type { Calendar, CreateCalendarBody, createCalendarBody, UpdateCalendarBody } from '@convene/contract';
import type { z } from 'zod';

/** What the calendar form edits. */
export interface CalendarFormValues {
  name: string;
  visibility: 'public' | 'private';
  details: string;
  coverPhoto: { url: string; croppedUrl: string } | null;
}

/** What the form may change of a calendar (PRODUCT.md §1.4–§1.6). */
export interface CalendarFormRules {
  /** Only the owner changes title and visibility. */
  canChangeTitleAndVisibility: boolean;
  /** A personal calendar cannot be made public. */
  canBePublic: boolean;
}

/** The form's starting values: empty and private for a new calendar, else the calendar's own. */
export function calendarFormValues(calendar: Calendar | null): CalendarFormValues {
  if (!calendar) return { name: '', visibility: 'private', details: '', coverPhoto: null };
  return {
    name: calendar.name,
    visibility: calendar.visibility,
    details: calendar.details ?? '',
    coverPhoto: calendar.coverPhoto,
  };
}

/** The rules for a calendar being edited; a new calendar is the viewer's own and not personal. */
export function calendarFormRules(calendar: Calendar | null): CalendarFormRules {
  if (!calendar) return { canChangeTitleAndVisibility: true, canBePublic: true };
  return {
    canChangeTitleAndVisibility: calendar.abilities.changeTitle && calendar.abilities.changeVisibility,
    canBePublic: !calendar.isPersonal,
  };
}

/** The form's checked values, as the contract schema answers them. */
export type CheckedCalendarValues = z.output<typeof createCalendarBody>;

/** The body of POST /api/calendar: an empty description is sent as null. */
export function createCalendarRequest(values: CheckedCalendarValues): CreateCalendarBody {
  return {
    name: values.name,
    visibility: values.visibility,
    details: values.details?.trim() ? values.details : null,
    coverPhoto: values.coverPhoto ?? null,
  };
}

/**
 * The body of PUT /api/calendar: as for create, except that someone other than the owner never
 * sends the title or visibility (the server refuses them any change to those).
 */
export function updateCalendarRequest(
  values: CheckedCalendarValues,
  rules: CalendarFormRules,
): UpdateCalendarBody {
  const { name, visibility, ...rest } = createCalendarRequest(values);
  return rules.canChangeTitleAndVisibility ? { name, visibility, ...rest } : rest;
}
