import { describe, expect, it } from 'vitest';
import { flattenPages, nextSkipNumber, pageSizeAt, withAnswered } from './activityPaging.ts';
import { buildNotification } from './testNotifications.ts';

const at = (id: string, minute: number) =>
  buildNotification({
    notificationId: id,
    actionDate: `2026-03-10T12:${String(minute).padStart(2, '0')}:00.000Z`,
  });

describe('paging', () => {
  it('asks for 50 first, then 25 at a time', () => {
    expect(pageSizeAt(0)).toBe(50);
    expect(pageSizeAt(50)).toBe(25);
    expect(pageSizeAt(75)).toBe(25);
  });

  it('continues after a full page and stops after a short one', () => {
    expect(nextSkipNumber(0, 50)).toBe(50);
    expect(nextSkipNumber(50, 25)).toBe(75);
    expect(nextSkipNumber(0, 49)).toBeUndefined();
    expect(nextSkipNumber(50, 24)).toBeUndefined();
    expect(nextSkipNumber(75, 0)).toBeUndefined();
  });

  it('joins pages, keeping the first copy of a notification that shifted into the next page', () => {
    const pages = [{ notifications: [at('a', 3), at('b', 2)] }, { notifications: [at('b', 2), at('c', 1)] }];
    expect(flattenPages(pages).map((item) => item.notificationId)).toEqual(['a', 'b', 'c']);
  });
});

describe('withAnswered', () => {
  it('shows answered requests in their new state, in place, even once the server list drops them', () => {
    const accepted = { ...at('b', 2), status: 'accepted' as const };
    const merged = withAnswered([at('a', 3), at('c', 1)], new Map([['b', accepted]]));
    expect(merged.map((item) => [item.notificationId, item.status])).toEqual([
      ['a', null],
      ['b', 'accepted'],
      ['c', null],
    ]);
  });

  it('replaces the listed copy of an answered request', () => {
    const pending = { ...at('a', 3), status: 'pending' as const };
    const rejected = { ...pending, status: 'rejected' as const };
    expect(withAnswered([pending], new Map([['a', rejected]]))).toEqual([rejected]);
  });
});
