import { describe, expect, it } from 'vitest';
import { nextPeopleSkip } from './useCalendarPeople.ts';

const page = (count: number, total: number) => ({
  users: Array.from({ length: count }),
  totalNumberOfUsers: total,
});

describe('nextPeopleSkip', () => {
  it('asks for the next page from what is loaded', () => {
    expect(nextPeopleSkip([page(30, 75)])).toBe(30);
    expect(nextPeopleSkip([page(30, 75), page(30, 75)])).toBe(60);
  });

  it('stops once everyone is loaded, or when a page comes back empty', () => {
    expect(nextPeopleSkip([page(30, 75), page(30, 75), page(15, 75)])).toBeUndefined();
    expect(nextPeopleSkip([page(30, 40), page(0, 40)])).toBeUndefined();
    expect(nextPeopleSkip([page(0, 0)])).toBeUndefined();
  });
});
