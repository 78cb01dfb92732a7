import type { Attachment } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  attachmentsBesideDescription,
  attendeeCount,
  canInviteToEvent,
  deleteActionFor,
  deleteEventRequest,
  formatWeekDays,
  fromPath,
  isEventsScreenPath,
  nextAttendeeSkip,
  othersByRsvp,
  reminderAmount,
  repetitionParts,
  visibleEventSections,
} from './eventDetails.ts';

// What the server's event policy sends a guest who may do nothing; each test grants what it is about.
const abilities = {
  editEvent: false,
  deleteEvent: false,
  removeEvent: false,
  shareEvent: false,
  seeInvitedAddresses: false,
  seeHiddenDetails: false,
  startStream: false,
};
// An editor (the owner, or canEdit on its calendar): the policy grants all of these together.
const editor = {
  ...abilities,
  editEvent: true,
  deleteEvent: true,
  seeHiddenDetails: true,
  startStream: true,
};
const ids = {
  eventId: 'abc_20250505T070000Z',
  parentId: 'abc',
  calendarId: 'mine',
  originatingCalendarId: 'theirs',
};

describe('attendee count', () => {
  it('is the total of the RSVP statistics minus one (me), never below zero', () => {
    expect(attendeeCount({ pending: 2, attending: 3, notAttending: 1, none: 1 })).toBe(6);
    expect(attendeeCount({ pending: 0, attending: 1, notAttending: 0, none: 0 })).toBe(0);
    expect(attendeeCount({ pending: 0, attending: 0, notAttending: 0, none: 0 })).toBe(0);
    // Read before I had an RSVP: the statistics hold only the others.
    expect(attendeeCount({ pending: 0, attending: 1, notAttending: 0, none: 0 }, false)).toBe(1);
  });

  it('counts the others by answer, taking the viewer out of their own', () => {
    const statistics = { pending: 1, attending: 2, notAttending: 0, none: 0 };
    expect(othersByRsvp(statistics, 'attending')).toEqual({
      pending: 1,
      attending: 1,
      notAttending: 0,
      none: 0,
    });
    expect(othersByRsvp(statistics, null)).toEqual(statistics);
    expect(othersByRsvp(statistics, 'none')).toEqual(statistics);
  });
});

describe('reminder amount', () => {
  it('uses the largest whole unit', () => {
    expect(reminderAmount(0)).toEqual({ unit: 'atStart' });
    expect(reminderAmount(1800)).toEqual({ unit: 'minutes', count: 30 });
    expect(reminderAmount(3600)).toEqual({ unit: 'hours', count: 1 });
    expect(reminderAmount(5400)).toEqual({ unit: 'minutes', count: 90 });
    expect(reminderAmount(2 * 86_400)).toEqual({ unit: 'days', count: 2 });
    expect(reminderAmount(14 * 86_400)).toEqual({ unit: 'weeks', count: 2 });
    expect(reminderAmount(90)).toEqual({ unit: 'minutes', count: 2 });
  });
});

describe('delete action', () => {
  it('lets an editor delete, asking which occurrences for an occurrence', () => {
    expect(deleteActionFor({ abilities: editor, parentId: null })).toBe('delete');
    expect(deleteActionFor({ abilities: editor, parentId: 'abc' })).toBe('deleteOccurrence');
  });

  it('lets an invitee only remove it from their calendar, and others nothing', () => {
    expect(deleteActionFor({ abilities: { ...abilities, removeEvent: true }, parentId: null })).toBe(
      'remove',
    );
    expect(deleteActionFor({ abilities, parentId: null })).toBeNull();
  });

  it('deletes in the originating calendar, removes from the viewer own one', () => {
    expect(deleteEventRequest(ids, 'deleteOccurrence', 'following')).toEqual({
      calendarId: 'theirs',
      eventId: ids.eventId,
      parentId: 'abc',
      scope: 'following',
    });
    expect(deleteEventRequest({ ...ids, parentId: null }, 'delete')).toEqual({
      calendarId: 'theirs',
      eventId: ids.eventId,
      parentId: null,
    });
    expect(deleteEventRequest(ids, 'remove')).toEqual({
      calendarId: 'mine',
      eventId: ids.eventId,
      parentId: 'abc',
    });
  });
});

describe('attachments beside the description', () => {
  const text: Attachment = { type: 'text', data: { text: 'About it' } };
  const other: Attachment = { type: 'text', data: { text: 'More' } };
  const image: Attachment = { type: 'image', data: { url: '/media/a.jpg' } };

  it('drops only the first text item, and only when there is a description', () => {
    expect(
      attachmentsBesideDescription({ description: 'About it', attachments: [image, text, other] }),
    ).toEqual([image, other]);
    expect(attachmentsBesideDescription({ description: null, attachments: [text, image] })).toEqual([
      text,
      image,
    ]);
  });
});

describe('navigation state', () => {
  it('knows the events screens', () => {
    expect(isEventsScreenPath('/events')).toBe(true);
    expect(isEventsScreenPath('/calendars/abc/events')).toBe(true);
    expect(isEventsScreenPath('/events/Party-abc')).toBe(false);
    expect(isEventsScreenPath('/calendars/abc/people')).toBe(false);
    expect(isEventsScreenPath(null)).toBe(false);
  });

  it('reads a from path only when it is an app path', () => {
    expect(fromPath({ from: '/events' })).toBe('/events');
    expect(fromPath({ from: 'https://elsewhere.example' })).toBeNull();
    expect(fromPath(null)).toBeNull();
  });
});

describe('repetition', () => {
  it('turns a rule into sentence parts', () => {
    expect(repetitionParts(null)).toEqual([]);
    expect(repetitionParts('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5')).toEqual([
      { key: 'weekly', count: 2 },
      { key: 'onDays', days: ['MO', 'WE'] },
      { key: 'times', count: 5 },
    ]);
    expect(repetitionParts('FREQ=DAILY;UNTIL=20250601')).toEqual([
      { key: 'daily', count: 1 },
      { key: 'until', date: '2025-06-01' },
    ]);
    expect(repetitionParts('FREQ=MONTHLY;BYMONTHDAY=1,15')).toEqual([{ key: 'custom' }]);
  });

  it('names week days in the language', () => {
    expect(formatWeekDays(['MO', 'WE'], 'en')).toBe('Monday and Wednesday');
    expect(formatWeekDays(['SU'], 'ro')).toBe('duminică');
  });
});

describe('paging and streams', () => {
  it('continues attendee pages until the total is loaded', () => {
    const page = (count: number, total: number) => ({
      userEventStatuses: Array.from({ length: count }),
      totalNumberOfUsers: total,
    });
    expect(nextAttendeeSkip([page(10, 25)])).toBe(10);
    expect(nextAttendeeSkip([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextAttendeeSkip([page(10, 25), page(0, 25)])).toBeUndefined();
  });
});

describe('sections and invitations', () => {
  const hidden = { shouldHideDates: false, shouldHideLocation: true };
  const shown = { shouldHideDates: false, shouldHideLocation: false };

  it('hides the location from guests when asked, never from editors', () => {
    expect(visibleEventSections({ extendedProperties: shown, abilities })).toEqual([
      'attendees',
      'location',
      'streams',
    ]);
    expect(visibleEventSections({ extendedProperties: hidden, abilities })).toEqual(['attendees', 'streams']);
    expect(visibleEventSections({ extendedProperties: hidden, abilities: editor })).toContain('location');
  });

  it('offers invitations when the event policy grants shareEvent (never on info events)', () => {
    expect(canInviteToEvent({ abilities: { ...abilities, shareEvent: true } })).toBe(true);
    // canShare on an info event: the policy denies shareEvent (events.policy.test.ts adminOfInfo).
    expect(canInviteToEvent({ abilities: { ...editor, shareEvent: false } })).toBe(false);
    expect(canInviteToEvent({ abilities })).toBe(false);
  });
});
