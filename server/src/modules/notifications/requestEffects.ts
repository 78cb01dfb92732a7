import type { RequestType } from '@convene/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/connect.ts';
import type { notifications } from '../../db/schema/index.ts';

/** What answering a request does beyond changing its status, run in the same transaction. */
export interface RequestEffect {
  accept(tx: Db, ctx: AppContext, request: typeof notifications.$inferSelect): Promise<void>;
  decline(tx: Db, ctx: AppContext, request: typeof notifications.$inferSelect): Promise<void>;
}

/**
 * What each request type does when answered. The module that owns a request type gives its
 * effect and `app.ts` fills the map, so notifications depends on no feature module; the
 * compiler insists on an entry per type.
 */
export type RequestEffects = Record<RequestType, RequestEffect>;

/** Nothing more than the status change (a type whose feature does not exist yet). */
export const statusOnly: RequestEffect = { accept: async () => undefined, decline: async () => undefined };
