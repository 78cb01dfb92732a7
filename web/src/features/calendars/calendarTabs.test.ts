import { type CalendarRole, rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { calendarTabPath, parseCalendarTab, visibleCalendarTabs } from './calendarTabs.ts';

// A member's calendar as the server presents it: the share ability follows the role's canShare.
const asMember = (role: CalendarRole) => ({ abilities: { share: rolePermissions[role].canShare } });

describe('visibleCalendarTabs', () => {
  it('shows People and Settings to the owner and admins (canShare)', () => {
    expect(visibleCalendarTabs(asMember('owner'))).toEqual(['events', 'about', 'people', 'settings']);
    expect(visibleCalendarTabs(asMember('admin'))).toHaveLength(4);
  });

  it('shows only Events and About without canShare', () => {
    for (const role of ['manager', 'assistant', 'member'] as const) {
      expect(visibleCalendarTabs(asMember(role)), role).toEqual(['events', 'about']);
    }
  });

  it('never lets a stranger share, even when the calendar’s defaults allow it', () => {
    // The server's policy denies a stranger share whatever the defaults say; the tabs follow it.
    const publicCalendar = { abilities: { share: false } };
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
