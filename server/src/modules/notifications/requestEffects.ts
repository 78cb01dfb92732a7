import type { RequestEffect } from '../../context.ts';

/** Nothing more than the status change (a type whose feature does not exist yet). */
export const statusOnly: RequestEffect = { accept: async () => undefined, decline: async () => undefined };
