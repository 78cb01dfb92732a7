/** TanStack Query keys, one place so realtime invalidations and hooks agree. */
export const queryKeys = {
  config: ['config'] as const,
  account: ['account'] as const,
};
