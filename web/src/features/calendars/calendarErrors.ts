import { calendarMessages } from '@convene/contract';
import { ApiError, isNetworkError } from '../../api/ApiError.ts';

/** The fields of the calendar form a server answer can point at. */
export type CalendarFormField = 'name' | 'visibility' | 'details' | 'coverPhoto';

/** i18n keys of the calendar screens' error texts that are not contract validation messages. */
export const calendarErrorKeys = {
  ownerOnly: 'calendar.errors.ownerOnly',
  notFound: 'calendar.errors.notFound',
  imageInvalid: 'calendar.errors.imageInvalid',
  colorInvalid: 'calendar.errors.colorInvalid',
  saveFailed: 'calendar.errors.saveFailed',
  network: 'errors.network',
} as const;

const knownMessages = new Set<string>([
  ...Object.values(calendarMessages),
  calendarErrorKeys.imageInvalid,
  calendarErrorKeys.colorInvalid,
]);

/** What a failed save shows: a translated key, on a form field or (field null) above the form. */
export interface CalendarFormError {
  field: CalendarFormField | null;
  key: string;
}

function formField(field: string | null): CalendarFormField | null {
  if (!field) return null;
  if (field.startsWith('coverPhoto')) return 'coverPhoto';
  return (['name', 'visibility', 'details'] as const).find((name) => name === field) ?? null;
}

/**
 * Maps a failed create or edit: a 400 onto its field with the contract's message, a 403 on the
 * title or visibility to 'only the owner', a 404 to 'calendar not found'; else a generic text.
 */
export function calendarFormError(error: unknown): CalendarFormError {
  if (!(error instanceof ApiError)) {
    return {
      field: null,
      key: isNetworkError(error) ? calendarErrorKeys.network : calendarErrorKeys.saveFailed,
    };
  }
  const field = formField(error.field);
  if (error.code === 'VALIDATION' && field) {
    return { field, key: knownMessages.has(error.message) ? error.message : calendarErrorKeys.saveFailed };
  }
  if (error.status === 403 && (field === 'name' || field === 'visibility')) {
    return { field, key: calendarErrorKeys.ownerOnly };
  }
  if (error.status === 404) return { field: null, key: calendarErrorKeys.notFound };
  return { field: null, key: calendarErrorKeys.saveFailed };
}
