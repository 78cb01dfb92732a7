import type { Event } from '@convene/contract';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { getEvent } from './eventsApi.ts';

/** One event (or occurrence) as the viewer sees it; refreshed by realtime event messages. */
export function useEvent(eventId: string | null, options: { initialEvent?: Event } = {}) {
  return useQuery({
    queryKey: queryKeys.event(eventId ?? ''),
    queryFn: ({ signal }) => getEvent(eventId ?? '', signal),
    enabled: eventId !== null,
    placeholderData: options.initialEvent,
    retry: false,
  });
}
