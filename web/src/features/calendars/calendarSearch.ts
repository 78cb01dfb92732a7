import { limits } from '@convene/contract';
import { toSearchQuery } from '../../components/searchQuery.ts';

/** Lower case without diacritics, so "sarbatori" finds "Sărbători". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/**
 * The calendars whose name contains the search text (spec: client-side, from 4 characters);
 * a shorter text filters nothing.
 */
export function filterCalendarsByName<T extends { name: string }>(
  calendars: readonly T[],
  text: string,
): T[] {
  const query = toSearchQuery(text, limits.searchMinChars);
  if (!query) return [...calendars];
  const folded = foldForSearch(query);
  return calendars.filter((calendar) => foldForSearch(calendar.name).includes(folded));
}
