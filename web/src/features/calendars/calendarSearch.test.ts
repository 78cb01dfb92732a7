import { describe, expect, it } from 'vitest';
import { filterCalendarsByName, foldForSearch } from './calendarSearch.ts';

const calendars = [{ name: 'Book club' }, { name: 'Sărbători în familie' }, { name: 'Choir rehearsals' }];

describe('filterCalendarsByName', () => {
  it('filters nothing below 4 characters', () => {
    expect(filterCalendarsByName(calendars, '')).toEqual(calendars);
    expect(filterCalendarsByName(calendars, 'boo')).toEqual(calendars);
    expect(filterCalendarsByName(calendars, '  bo  ')).toEqual(calendars);
  });

  it('keeps the names containing the text from 4 characters, ignoring case and edge spaces', () => {
    expect(filterCalendarsByName(calendars, 'BOOK')).toEqual([{ name: 'Book club' }]);
    expect(filterCalendarsByName(calendars, ' hears ')).toEqual([{ name: 'Choir rehearsals' }]);
    expect(filterCalendarsByName(calendars, 'nothing like it')).toEqual([]);
  });

  it('ignores diacritics both ways', () => {
    expect(filterCalendarsByName(calendars, 'sarbatori')).toEqual([{ name: 'Sărbători în familie' }]);
    expect(filterCalendarsByName(calendars, 'în fa')).toEqual([{ name: 'Sărbători în familie' }]);
    expect(foldForSearch('Ștefan ȚARĂ')).toBe('stefan tara');
  });

  it('returns a new array, never the input', () => {
    expect(filterCalendarsByName(calendars, '')).not.toBe(calendars);
  });
});
