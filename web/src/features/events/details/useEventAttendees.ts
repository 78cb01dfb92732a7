import { limits, type UserEventStatus } from '@convene/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/queryKeys.ts';
import { listAttendees } from '../eventsApi.ts';
import { nextAttendeeSkip } from './eventDetails.ts';

/**
 * The people invited to an event, paged 10 at a time by name (PRODUCT.md §1.7, §1.9); realtime
 * userEventStatus messages refresh every loaded page.
 */
export function useEventAttendees(eventId: string) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.eventAttendees(eventId),
    queryFn: ({ pageParam, signal }) =>
      listAttendees(eventId, { resultsPerPage: limits.attendeePage, skipNumber: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextAttendeeSkip(pages),
  });
  // A page refetched after someone joined may repeat a person of the page before it.
  const byId = new Map<string, UserEventStatus>();
  for (const page of query.data?.pages ?? []) {
    for (const person of page.userEventStatuses) byId.set(person.userEventStatusId, person);
  }
  const attendees = [...byId.values()];
  return { ...query, attendees };
}
