import type { recentTimezoneList } from '@convene/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiFetch } from '../../../api/client.ts';

const recentTimeZonesKey = (userId: string) => ['account', 'timezones', userId] as const;

/** GET /api/accounts/{userId}/timezones: the account's recent time zones, most recent first. */
function listRecentTimeZones(userId: string, signal?: AbortSignal) {
  return apiFetch<Answer<typeof recentTimezoneList>>(
    `/api/accounts/${encodeURIComponent(userId)}/timezones`,
    {
      signal,
    },
  );
}

/** PUT /api/accounts/{userId}/timezones: records a pick; answers the new list. */
function recordTimeZone(userId: string, name: string) {
  return apiFetch<Answer<typeof recentTimezoneList>>(
    `/api/accounts/${encodeURIComponent(userId)}/timezones`,
    {
      method: 'PUT',
      body: { name },
    },
  );
}

/** The viewer's recent time zone names (offered first by the pickers) and a way to record a pick. */
export function useRecentTimeZones(userId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: recentTimeZonesKey(userId ?? ''),
    queryFn: ({ signal }) => listRecentTimeZones(userId ?? '', signal),
    enabled: userId !== null,
    staleTime: 60_000,
    select: (list) => list.map((item) => item.name),
  });
  const mutation = useMutation({
    mutationFn: (name: string) => recordTimeZone(userId ?? '', name),
    onSuccess: (list) => queryClient.setQueryData(recentTimeZonesKey(userId ?? ''), list),
  });
  const { mutate } = mutation;
  return {
    recent: query.data ?? [],
    // Remembering a pick is a convenience: a failure changes nothing the user sees.
    recordPick: (name: string) => {
      if (userId) mutate(name);
    },
  };
}
