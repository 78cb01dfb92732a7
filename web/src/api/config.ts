import type { ClientConfig, clientConfig } from '@convene/contract';
import { useQuery } from '@tanstack/react-query';
import { type Answer, apiFetch } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /api/config: which bot check the forms show and the links of the shell. */
export type AppConfig = ClientConfig;

/** The server's public configuration; it does not change while the page lives. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => apiFetch<Answer<typeof clientConfig>>('/api/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
