import { describe, expect, it } from 'vitest';
import { calendarPath, notificationTarget } from './notificationLink.ts';
import { buildNotification } from './testNotifications.ts';

const base = buildNotification();
const cannotView = { ...base.payload, permissions: { canView: false } };

describe('notificationTarget', () => {
  it('links to the event when there is one and the viewer may see it', () => {
    expect(notificationTarget(base)).toEqual({ kind: 'link', path: '/events/Board_meeting-e1' });
  });

  it('links to the calendar when there is no event', () => {
    expect(notificationTarget(buildNotification({ event: null }))).toEqual({
      kind: 'link',
      path: '/calendars/c1/events',
    });
  });

  it('has no link without payload.permissions.canView', () => {
    expect(notificationTarget(buildNotification({ payload: cannotView }))).toEqual({ kind: 'forbidden' });
    expect(notificationTarget(buildNotification({ event: null, payload: cannotView }))).toEqual({
      kind: 'forbidden',
    });
  });

  it('leads nowhere when it is about neither an event nor a calendar', () => {
    expect(notificationTarget(buildNotification({ event: null, calendar: null }))).toEqual({ kind: 'none' });
    expect(
      notificationTarget(buildNotification({ event: null, calendar: null, payload: cannotView })),
    ).toEqual({
      kind: 'none',
    });
  });
});

describe('paths', () => {
  it('sends calendars to their events tab', () => {
    expect(calendarPath('c42')).toBe('/calendars/c42/events');
  });
});
