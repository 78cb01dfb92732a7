import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from './client.ts';
import { queryKeys } from './queryKeys.ts';

/** GET /api/config: which bot check the forms show and the links of the shell. */
export const appConfigSchema = z.object({
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha') }),
    z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
  ]),
  classicAppUrl: z.string().nullable(),
  supportEmail: z.string(),
  productName: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** The server's public configuration; it does not change while the page lives. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: ({ signal }) => apiFetch('/api/config', { schema: appConfigSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
