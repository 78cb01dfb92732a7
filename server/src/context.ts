import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import type { RecordDomainEvent } from './domainEvents.ts';
import type { InvitationKinds } from './modules/invitations/invitations.kinds.ts';
import type { NotificationTokens } from './modules/notifications/notifications.tokens.ts';
import type { RequestEffects } from './modules/notifications/requestEffects.ts';
import type { StreamsProvider } from './modules/streams/streams.provider.ts';
import type { Captcha } from './platform/captcha.ts';
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
