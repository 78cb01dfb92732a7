import { describe, expect, it } from 'vitest';
import { attachment, isAllowedVideoUrl, videoEmbedUrl } from './eventAttachments.ts';
import { createEventBody, eventDescription, eventFieldsParam, eventName, eventsQuery } from './events.ts';

const message = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('event name and description (PRODUCT.md §1.5)', () => {
  it.each([
    ['', 'event.errors.nameRequired'],
    ['   ', 'event.errors.nameRequired'],
    ['ab', 'event.errors.nameLength'],
    [' ab ', 'event.errors.nameLength'],
    [' abc', 'event.errors.nameInvalid'],
    ['abc ', 'event.errors.nameInvalid'],
    ['x'.repeat(201), 'event.errors.nameTooLong'],
  ])('%j → %s', (name, key) => {
    expect(message(eventName.safeParse(name))).toBe(key);
  });

  it('accepts a clean name of three characters or more', () => {
    expect(eventName.safeParse('Gym').success).toBe(true);
  });

  it('refuses a whitespace-only description', () => {
    expect(message(eventDescription.safeParse(' \n\t'))).toBe('event.errors.descriptionInvalid');
    expect(eventDescription.safeParse('Bring shoes').success).toBe(true);
  });
});

describe('video links', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'http://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/76979871',
    'https://player.vimeo.com/video/76979871',
  ])('allows %s', (url) => {
    expect(isAllowedVideoUrl(url)).toBe(true);
    expect(attachment.safeParse({ type: 'video', data: { url } }).success).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'ftp://youtube.com/x',
    'https://youtube.com.evil.example/watch?v=1',
    'https://evil.example/?u=youtube.com',
    'data:text/html,hi',
  ])('refuses %s', (url) => {
    expect(isAllowedVideoUrl(url)).toBe(false);
    expect(attachment.safeParse({ type: 'video', data: { url } }).success).toBe(false);
  });

  it('turns allowed links into embed players', () => {
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871');
    expect(videoEmbedUrl('https://example.com/watch?v=1')).toBeNull();
  });

  it('keeps button and document links to http(s) and media paths', () => {
    expect(
      attachment.safeParse({
        type: 'button',
        data: { color: '#ff0000', text: 'Tickets', url: 'javascript:x' },
      }).success,
    ).toBe(false);
    expect(
      attachment.safeParse({
        type: 'document',
        data: { title: 'Agenda', url: '/media/docs/a.pdf', fileName: 'a.pdf' },
      }).success,
    ).toBe(true);
  });
});

describe('event bodies', () => {
  const body = {
    calendarId: 'c1',
    name: 'Board meeting',
    startDate: '2024-05-10T10:00:00.000Z',
    endDate: '2024-05-10T11:00:00.000Z',
    startTimezone: 'Europe/Bucharest',
    endTimezone: 'Europe/Bucharest',
  };

  it('fills the defaults', () => {
    const parsed = createEventBody.parse(body);
    expect(parsed).toMatchObject({ isAllDay: false, kind: 'classic', rsvpType: 1, tags: [], reminders: [] });
  });

  it('names endDate when the end is not after the start', () => {
    const result = createEventBody.safeParse({ ...body, endDate: body.startDate });
    expect(result.error?.issues[0]?.path).toEqual(['endDate']);
    expect(createEventBody.safeParse({ ...body, isAllDay: true, endDate: body.startDate }).success).toBe(
      true,
    );
  });

  it('refuses unknown zones, bad rules and bad colours', () => {
    expect(createEventBody.safeParse({ ...body, startTimezone: 'Nowhere/Town' }).success).toBe(false);
    expect(createEventBody.safeParse({ ...body, repeatingRule: 'FREQ=SECONDLY' }).success).toBe(false);
    expect(createEventBody.safeParse({ ...body, hexColor: 'blue' }).success).toBe(false);
    expect(createEventBody.parse({ ...body, hexColor: '#ABCDEF' }).hexColor).toBe('abcdef');
  });

  it('reads fields lists, Google style too', () => {
    expect(eventFieldsParam.parse('reminders')).toEqual(['eventId', 'reminders']);
    expect(eventFieldsParam.parse('items(name,startDate),nextPageToken')).toEqual([
      'eventId',
      'name',
      'startDate',
    ]);
    expect(eventFieldsParam.safeParse('password').success).toBe(false);
    expect(eventsQuery.parse({}).maxResults).toBe(50);
    expect(eventsQuery.safeParse({ maxResults: '51' }).success).toBe(false);
  });
});
