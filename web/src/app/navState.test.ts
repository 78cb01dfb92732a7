import { describe, expect, it } from 'vitest';
import { buildNavState, calendarIdFromPath, isEventsPath, readNavState } from './navState.ts';

describe('buildNavState', () => {
  it('carries the current path as from', () => {
    expect(buildNavState('/chat', null)).toEqual({ from: '/chat' });
  });

  it('takes the calendarId of a calendar screen', () => {
    expect(buildNavState('/calendars/c1/events', null)).toEqual({
      from: '/calendars/c1/events',
      calendarId: 'c1',
    });
  });

  it('keeps the calendarId the current screen was given', () => {
    expect(buildNavState('/event/create', { from: '/calendars/c1/events', calendarId: 'c1' })).toEqual({
      from: '/event/create',
      calendarId: 'c1',
    });
  });

  it('clears the calendarId when the current screen was reached from an events screen', () => {
    expect(buildNavState('/event/create', { from: '/events', calendarId: 'c1' })).toEqual({
      from: '/event/create',
    });
    expect(buildNavState('/calendars/c2/about', { from: '/events/Party-e1', calendarId: 'c1' })).toEqual({
      from: '/calendars/c2/about',
    });
  });

  it('ignores history state that is not a NavState', () => {
    expect(buildNavState('/profile', { calendarId: 'c1' })).toEqual({ from: '/profile' });
    expect(buildNavState('/profile', 'junk')).toEqual({ from: '/profile' });
  });
});

describe('path helpers', () => {
  it('recognises the events screens', () => {
    for (const path of ['/events', '/events/Party-e1', '/event/create', '/event/edit/e1']) {
      expect(isEventsPath(path)).toBe(true);
    }
    for (const path of ['/', '/calendars', '/eventsfoo', '/chat', '/calendars/c1/events']) {
      expect(isEventsPath(path)).toBe(false);
    }
  });

  it('reads the calendar id from calendar paths only', () => {
    expect(calendarIdFromPath('/calendars/c1/people')).toBe('c1');
    expect(calendarIdFromPath('/calendar/edit/c9')).toBe('c9');
    expect(calendarIdFromPath('/calendars')).toBeUndefined();
    expect(calendarIdFromPath('/calendar/create')).toBeUndefined();
  });

  it('reads a NavState without a calendarId', () => {
    expect(readNavState({ from: '/x', calendarId: 3 })).toEqual({ from: '/x' });
  });
});
