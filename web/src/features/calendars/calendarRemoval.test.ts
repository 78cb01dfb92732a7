import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryKeys.ts';
import { queryKeysForMessage } from '../../api/realtime.ts';
import { removalNotice } from './calendarRemoval.ts';

const deleted = { calendarId: 'c1', lastActionType: 'delete' } as const;

describe('removalNotice', () => {
  it('tells a member their calendar link was removed', () => {
    expect(removalNotice('calendarLink', deleted, { calendarId: 'c1', isOwner: false })).toBe(
      'calendar.notices.linkRemoved',
    );
  });

  it('tells a member whose calendar its owner deleted that it was deleted, not that they were removed', () => {
    const byOwner = { ...deleted, reason: 'calendarDeleted' } as const;
    expect(removalNotice('calendarLink', byOwner, { calendarId: 'c1', isOwner: false })).toBe(
      'calendar.notices.deletedByOwner',
    );
    const removed = { ...deleted, reason: 'memberRemoved' } as const;
    expect(removalNotice('calendarLink', removed, { calendarId: 'c1', isOwner: false })).toBe(
      'calendar.notices.linkRemoved',
    );
  });

  it('tells the owner the calendar was removed', () => {
    expect(removalNotice('calendarLink', deleted, { calendarId: 'c1', isOwner: true })).toBe(
      'calendar.notices.removed',
    );
    expect(removalNotice('calendar', deleted, { calendarId: 'c1', isOwner: true })).toBe(
      'calendar.notices.removed',
    );
  });

  it('ignores other calendars and other actions', () => {
    expect(removalNotice('calendarLink', deleted, { calendarId: 'c2', isOwner: false })).toBeNull();
    const updated = { calendarId: 'c1', lastActionType: 'update' } as const;
    expect(removalNotice('calendarLink', updated, { calendarId: 'c1', isOwner: false })).toBeNull();
  });
});

describe('calendar realtime invalidations', () => {
  it('a change refreshes the list, the calendar and its people', () => {
    for (const message of ['calendar', 'calendarLink'] as const) {
      expect(queryKeysForMessage(message, { calendarId: 'c1', lastActionType: 'update' })).toEqual([
        queryKeys.calendarList,
        queryKeys.calendar('c1'),
        queryKeys.calendarPeople('c1'),
      ]);
    }
  });

  it('a change among its people refreshes the People list and the calendar (count, abilities)', () => {
    for (const action of ['create', 'update', 'delete'] as const) {
      expect(queryKeysForMessage('calendarMembers', { calendarId: 'c1', memberId: 'm1', action })).toEqual([
        queryKeys.calendarPeople('c1'),
        queryKeys.calendar('c1'),
      ]);
    }
  });

  it('a deletion refreshes only the list, so an open screen leaves instead of refetching a 404', () => {
    expect(queryKeysForMessage('calendarLink', deleted)).toEqual([queryKeys.calendarList]);
  });
});
