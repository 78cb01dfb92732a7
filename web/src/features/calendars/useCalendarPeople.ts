import { type CalendarMember, limits } from '@convene/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { listCalendarPeople } from './calendarsApi.ts';

/** Where the next page of people starts, or undefined when every one is loaded. */
export function nextPeopleSkip(
  pages: readonly { users: readonly unknown[]; totalNumberOfUsers: number }[],
): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.users.length, 0);
  const total = pages.at(-1)?.totalNumberOfUsers ?? 0;
  const lastWasEmpty = pages.at(-1)?.users.length === 0;
  return loaded < total && !lastWasEmpty ? loaded : undefined;
}

/**
 * The people of a calendar: pages of 30 (skipNumber), or, with a search text, one answer of up
 * to 100 (PRODUCT.md §1.7, §1.9).
 */
export function useCalendarPeople(calendarId: string, search: string) {
  const query = useInfiniteQuery({
    queryKey: [...queryKeys.calendarPeople(calendarId), search],
    queryFn: ({ pageParam, signal }) =>
      listCalendarPeople(
        search
          ? { calendarId, q: search, resultsPerPage: limits.peopleSearchMax, skipNumber: 0 }
          : { calendarId, resultsPerPage: limits.calendarPeoplePage, skipNumber: pageParam },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => (search ? undefined : nextPeopleSkip(pages)),
  });
  const people: CalendarMember[] = query.data?.pages.flatMap((page) => page.users) ?? [];
  const total = query.data?.pages.at(-1)?.totalNumberOfUsers ?? 0;
  return { ...query, people, total };
}
