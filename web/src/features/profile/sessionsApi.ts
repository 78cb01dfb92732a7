import type { sessionList } from '@convene/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, apiFetch, apiSend } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';

/** GET /api/sessions: the signed-in account's live sessions, this device first. */
export function useSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => apiFetch<Answer<typeof sessionList>>('/api/sessions', { signal }),
    select: (answer) => answer.sessions,
  });
}

/** DELETE /api/sessions/{sessionId}: signs one other device out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiSend(`/api/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** DELETE /api/sessions?others=true: signs out every device but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('/api/sessions', { method: 'DELETE', query: { others: 'true' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}
