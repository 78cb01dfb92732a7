import type { Db } from '../db/connect.ts';

/**
 * Domain events: a service records *what happened*, typed, inside its transaction; subscribers
 * decide the consequences (notification rows, outbox rows for mail, push and realtime) and write
 * them in that same transaction, so a commit carries the change and all its consequences or
 * neither (DESIGN.md §6). The map of event types lives in `server/src/domainEvents.ts`; the map
 * of subscribers is wired in `app.ts`. ("Domain event" is the one use of the word event in code
 * that is not a calendar event.)
 */

/** One recorded domain event: its `type` plus the fields the type map gives it. */
export type DomainEventOf<M, K extends keyof M & string> = { type: K } & M[K];

/** Any domain event of a type map. */
export type AnyDomainEventOf<M> = { [K in keyof M & string]: DomainEventOf<M, K> }[keyof M & string];

/** A consequence of one domain event type, run in the transaction that recorded it. */
export type Subscriber<E, C> = (tx: Db, event: E, ctx: C) => Promise<void>;

/** Every domain event type with its subscribers; the compiler insists on an entry per type. */
export type SubscriberMap<M, C> = {
  [K in keyof M & string]: ReadonlyArray<Subscriber<DomainEventOf<M, K>, C>>;
};

/** Records a domain event in the caller's transaction, running each subscriber of its type in order. */
export type Recorder<M> = <K extends keyof M & string>(tx: Db, event: DomainEventOf<M, K>) => Promise<void>;

/**
 * Builds `record` over a subscriber map. `getContext` is read at each call, so the context may
 * be assembled after the recorder (it usually holds the recorder itself).
 */
export function createRecorder<M, C>(subscribers: SubscriberMap<M, C>, getContext: () => C): Recorder<M> {
  return async (tx, event) => {
    const ctx = getContext();
    const list = subscribers[event.type] as ReadonlyArray<Subscriber<typeof event, C>>;
    for (const subscriber of list) await subscriber(tx, event, ctx);
  };
}
