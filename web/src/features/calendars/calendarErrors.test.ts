import { describe, expect, it } from 'vitest';
import { createApiError } from '../../api/ApiError.ts';
import { calendarFormError } from './calendarErrors.ts';

const answer = (status: number, code: string, field?: string, message = 'x') =>
  createApiError(status, { statusCode: status, code, field, message });

describe('calendarFormError', () => {
  it('puts a 400 on its field with the contract message', () => {
    expect(calendarFormError(answer(400, 'VALIDATION', 'name', 'calendar.errors.emptySpaces'))).toEqual({
      field: 'name',
      key: 'calendar.errors.emptySpaces',
    });
    expect(
      calendarFormError(answer(400, 'VALIDATION', 'coverPhoto.url', 'calendar.errors.imageInvalid')),
    ).toEqual({ field: 'coverPhoto', key: 'calendar.errors.imageInvalid' });
    expect(
      calendarFormError(answer(400, 'VALIDATION', 'visibility', 'calendar.errors.personalNotPublic')),
    ).toEqual({ field: 'visibility', key: 'calendar.errors.personalNotPublic' });
  });

  it('reads an unknown message as a failed save, on its field', () => {
    expect(calendarFormError(answer(400, 'VALIDATION', 'details', 'Too big'))).toEqual({
      field: 'details',
      key: 'calendar.errors.saveFailed',
    });
  });

  it('says only the owner changes title and visibility on a 403 naming them', () => {
    expect(calendarFormError(answer(403, 'FORBIDDEN', 'name'))).toEqual({
      field: 'name',
      key: 'calendar.errors.ownerOnly',
    });
    expect(calendarFormError(answer(403, 'FORBIDDEN'))).toEqual({
      field: null,
      key: 'calendar.errors.saveFailed',
    });
  });

  it('tells a missing calendar and an unreachable server apart', () => {
    expect(calendarFormError(answer(404, 'NOT_FOUND')).key).toBe('calendar.errors.notFound');
    expect(calendarFormError(new TypeError('Failed to fetch')).key).toBe('errors.network');
  });
});
