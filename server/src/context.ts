import type { RequestType } from '@convene/contract';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { notifications } from './db/schema/index.ts';
import type { DomainEvents, RecordDomainEvent } from './domainEvents.ts';
import type { InvitationKinds } from './modules/invitations/invitations.kinds.ts';
import type { NotificationTokens } from './modules/notifications/notifications.tokens.ts';
import type { StreamsProvider } from './modules/streams/streams.provider.ts';
import type { Captcha } from './platform/captcha.ts';
import type { DomainEventOf, Subscriber } from './platform/domainEvents.ts';
import type { OutboxWorker } from './platform/outbox.ts';
import type { PushSender } from './platform/push.ts';
import type { RealtimeHub } from './platform/realtime.ts';

/** What route modules and services are given: plain values, passed explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Which engine `db` runs on. */
  dbKind: 'pglite' | 'postgres';
  logger: Logger;
  captcha: Captcha;
  hub: RealtimeHub;
  outbox: OutboxWorker;
  push: PushSender;
  notificationTokens: NotificationTokens;
  /** Records a domain event in a transaction; its subscribers (app.ts) write the consequences. */
  record: RecordDomainEvent;
  /** What answering each request type does, given by the module that owns the type. */
  requestEffects: RequestEffects;
  /** What each kind of invitation (calendar, event) does with its own rows, given by its owning module. */
  invitationKinds: InvitationKinds;
  /** What carries live streams' media (STREAMS_PROVIDER): tokens are signed with its key pair. */
  streams: StreamsProvider;
}

/** A subscriber of one domain event type: given the event and the context, in its transaction. */
export type SubscriberOf<K extends keyof DomainEvents> = Subscriber<
  DomainEventOf<DomainEvents, K>,
  AppContext
>;

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
