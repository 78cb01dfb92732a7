import { rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { calendarTabPath, parseCalendarTab, visibleCalendarTabs } from './calendarTabs.ts';

const asMember = (permissions: (typeof rolePermissions)[keyof typeof rolePermissions]) => ({
  currentUser: { permissions },
  calendarLink: { permissions },
  defaultPermissions: { canView: true, canAdd: true, canEdit: false, canShare: true },
});

describe('visibleCalendarTabs', () => {
  it('shows People and Settings to the owner and admins (canShare)', () => {
    expect(visibleCalendarTabs(asMember(rolePermissions.owner))).toEqual([
      'events',
      'about',
      'people',
      'settings',
    ]);
    expect(visibleCalendarTabs(asMember(rolePermissions.admin))).toHaveLength(4);
  });

  it('shows only Events and About without canShare', () => {
    for (const role of ['manager', 'assistant', 'member'] as const) {
      expect(visibleCalendarTabs(asMember(rolePermissions[role])), role).toEqual(['events', 'about']);
    }
  });

  it('never lets a stranger share, even when the calendar’s defaults allow it', () => {
    const publicCalendar = {
      currentUser: null,
      calendarLink: null,
      defaultPermissions: { canView: true, canAdd: true, canEdit: true, canShare: true },
    };
    expect(visibleCalendarTabs(publicCalendar)).toEqual(['events', 'about']);
  });
});

describe('calendar tab paths', () => {
  it('parses only known tabs', () => {
    expect(parseCalendarTab('people')).toBe('people');
    expect(parseCalendarTab('members')).toBeNull();
    expect(parseCalendarTab(undefined)).toBeNull();
  });

  it('builds /calendars/{id}/{tab}, events by default', () => {
    expect(calendarTabPath('abc')).toBe('/calendars/abc/events');
    expect(calendarTabPath('abc', 'settings')).toBe('/calendars/abc/settings');
  });
});
