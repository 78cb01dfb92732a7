import { describe, expect, it } from 'vitest';
import { ApiError, createApiError, isNetworkError } from './ApiError.ts';
import { queryKeys } from './queryKeys.ts';
import { queryKeysForMessage } from './realtime.ts';

describe('createApiError', () => {
  it('reads status, code, field and message of the error envelope', () => {
    const error = createApiError(403, {
      statusCode: 403,
      code: 'EMAIL_IN_USE',
      message: 'in use',
      field: 'email',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.code, error.field, error.message]).toEqual([
      403,
      'EMAIL_IN_USE',
      'email',
      'in use',
    ]);
  });

  it('keeps the status when the body is missing or has an unknown code', () => {
    const error = createApiError(502, null);
    expect([error.status, error.code, error.field]).toEqual([502, null, null]);
    expect(createApiError(400, { code: 'SOMETHING_NEW' }).code).toBeNull();
  });

  it('tells a network failure from an answer', () => {
    expect(isNetworkError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkError(createApiError(500, null))).toBe(false);
  });
});

describe('realtime invalidations', () => {
  it('an account message refreshes the account', () => {
    expect(queryKeysForMessage('account', { userId: 'u1', action: 'update' })).toEqual([queryKeys.account]);
  });

  it('an event message refreshes agenda lists and open events, an RSVP message the attendees too', () => {
    const eventKeys = queryKeysForMessage('event', { eventId: 'e1', lastActionType: 'delete' });
    expect(eventKeys).toContainEqual(queryKeys.eventLists);
    expect(eventKeys).toContainEqual(queryKeys.eventDetails);
    const rsvpKeys = queryKeysForMessage('userEventStatus', { eventId: 'e1', userEventStatusId: 'r1' });
    expect(rsvpKeys).toContainEqual(queryKeys.eventAttendeeLists);
    expect(rsvpKeys).toContainEqual(queryKeys.eventLists);
    // Prefix keys: they cover every list and every event page under them.
    expect(queryKeys.eventList(null, '').slice(0, 2)).toEqual([...queryKeys.eventLists]);
    expect(queryKeys.event('e1_20261123T080000Z').slice(0, 2)).toEqual([...queryKeys.eventDetails]);
  });

  it('a message nobody listens to yet invalidates nothing', () => {
    expect(queryKeysForMessage('notification', { notificationId: 'n1' })).toEqual([]);
  });
});
