import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { AppContext, RequestEffects } from './context.ts';
import type { Database } from './db/connect.ts';
import type { DomainEvents } from './domainEvents.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { calendarInvitations } from './modules/calendars/calendarInvitations.ts';
import { registerCalendarRoutes } from './modules/calendars/calendars.routes.ts';
import {
  announceCalendarCreated,
  announceCalendarDeleted,
  announceCalendarUpdated,
  notifyCalendarDeleted,
  notifyCalendarUpdated,
} from './modules/calendars/calendars.subscribers.ts';
import { registerMemberRoutes } from './modules/calendars/members.routes.ts';
import {
  announceCalendarJoined,
  announceInvitationAnswered,
  announceMemberGone,
  announceMemberRemoved,
  announceRoleChanged,
  notifyRoleChanged,
} from './modules/calendars/members.subscribers.ts';
import { ownershipRequestEffect } from './modules/calendars/ownership.service.ts';
import {
  announceOwnerChanged,
  notifyOwnerChanged,
  notifyOwnershipDeclined,
  requestOwnership,
  withdrawDeletedCalendarOffer,
  withdrawOwnershipRequest,
  withdrawRemovedMemberOffer,
} from './modules/calendars/ownership.subscribers.ts';
import { claimChatPlaces, openAccountSupportThread } from './modules/chat/accountChat.subscribers.ts';
import {
  closeCalendarConversation,
  handOverCalendarConversation,
  joinCalendarConversation,
  leaveCalendarConversation,
  openCalendarConversation,
  renameCalendarConversation,
} from './modules/chat/calendarChat.subscribers.ts';
import { createChatPushDelivery } from './modules/chat/chat.push.ts';
import { registerChatRoutes } from './modules/chat/chat.routes.ts';
import {
  announceBlocked,
  announceConversationCreated,
  announceConversationDeleted,
  announceConversationHidden,
  announceConversationUpdated,
  announceMessage,
  announceMuteChanged,
  announceParticipantLeft,
  announceParticipantsJoined,
  announceParticipantUpdated,
  announceUnblocked,
  mailSupportMessage,
  pushMessage,
} from './modules/chat/chat.subscribers.ts';
import { registerEmbedRoutes } from './modules/embed/embed.routes.ts';
import { registerEventRoutes } from './modules/events/events.routes.ts';
import {
  announceCalendarEventsDeleted,
  announceEventChanged,
  announceEventCreated,
  announceEventDeleted,
  announceEventRemovedFromCalendar,
  announceOccurrenceCancelled,
  announceSeriesTail,
  notifyEventChanged,
  notifyEventCreated,
  notifyEventDeleted,
  withdrawCalendarEventInvitations,
  withdrawEventInvitations,
} from './modules/events/events.subscribers.ts';
import type { InvitationKinds } from './modules/invitations/invitations.kinds.ts';
import { invitationRequestEffect } from './modules/invitations/invitations.service.ts';
import {
  mailInvitation,
  notifyAttachedInvitation,
  notifyInvitation,
  notifyInvitationAnswered,
  notifyInvitationWithdrawn,
  withdrawInvitationRequest,
} from './modules/invitations/invitations.subscribers.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { registerS3UploadRoutes } from './modules/media/s3Upload.routes.ts';
import { registerNoteRoutes } from './modules/notes/notes.routes.ts';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes.ts';
import { createNotificationTokens } from './modules/notifications/notifications.tokens.ts';
import { createPushDelivery } from './modules/notifications/push.delivery.ts';
import { statusOnly } from './modules/notifications/requestEffects.ts';
import { registerPeopleRoutes } from './modules/people/people.routes.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { eventInvitations } from './modules/rsvp/eventInvitations.ts';
import { registerRsvpRoutes } from './modules/rsvp/rsvp.routes.ts';
import {
  announceEventInvitationAnswered,
  announceEventInvitationSent,
  announceEventInvitationWithdrawn,
  announceRsvpCreated,
  announceRsvpUpdated,
  notifyRsvpUpdated,
  putCalendarMembersInTheLoop,
  putJoinedMemberInTheLoop,
  takeLeavingMemberOutOfTheLoop,
} from './modules/rsvp/rsvp.subscribers.ts';
import { registerSessionRoutes } from './modules/sessions/sessions.routes.ts';
import type { LivekitProvider } from './modules/streams/livekit.provider.ts';
import type { EmbeddedProvider } from './modules/streams/media/index.ts';
import type { StreamsProvider } from './modules/streams/streams.provider.ts';
import { registerLivekitWebhook, registerStreamRoutes } from './modules/streams/streams.routes.ts';
import {
  createStreamsGate,
  endBroadcasterStreams,
  endGoneStream,
  endRoomStreams,
} from './modules/streams/streams.service.ts';
import {
  announceStreamChanged,
  disconnectStoppedStream,
  dropRsvpWithdrawnViewer,
  dropWithdrawnGuest,
  endCalendarEventStreams,
  endCancelledOccurrenceStreams,
  endDeletedEventStreams,
  endDemotedMemberStreams,
  endRemovedMemberStreams,
} from './modules/streams/streams.subscribers.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { type Captcha, createAltcha, createRecaptcha } from './platform/captcha.ts';
import { createRecorder, type SubscriberMap } from './platform/domainEvents.ts';
import {
  registerAuthHook,
  registerErrorHandling,
  registerNoStore,
  registerTextGuard,
  sendFrameworkError,
  sendRouteNotFound,
} from './platform/http.ts';
import { negotiateLanguage } from './platform/language.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer, type SendMail } from './platform/mail.ts';
import { s3UploadOrigin } from './platform/media/s3Origin.ts';
import { type OutboxPayloads, OutboxWorker } from './platform/outbox.ts';
import { createPushSender, loadVapidKeys } from './platform/push.ts';
import { createRealtimeHub, isAllowedSocketOrigin } from './platform/realtime.ts';
import { deliverRealtime } from './platform/realtimeOutbox.ts';
import { getOrCreateSecret } from './platform/secrets.ts';

/** Largest JSON body a route accepts unless it sets its own `bodyLimit`. */
export const defaultBodyLimit = 64 * 1024;

/** A built server: Fastify plus the parts tests and main reach into. */
export interface App {
  fastify: FastifyInstance;
  ctx: AppContext;
  /** Every API route with whether it is public; the authorisation matrix tests walk it. */
  routes: Array<{ method: string; url: string; isPublic: boolean }>;
  /** Stops accepting, lets in-flight requests finish, closes sockets, the outbox and Redis. */
  close(): Promise<void>;
}

/** What buildApp needs; tests may pass their own logger or mailer. */
export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: Logger;
  sendMail?: SendMail;
  /** Start the outbox poller (tests drain it by hand). */
  startOutbox?: boolean;
  /** Extra CA for push services (a test trusts its loopback push service's certificate). */
  pushCa?: string | Buffer;
  /** The live streams' media plane; default: the one STREAMS_PROVIDER names (createStreamsProvider). */
  streams?: StreamsProvider;
}

/**
 * The CSP source of a map tile url template (MAP_TILE_URL): its origin, with a templated first
 * host label (`{s}`, the tile server's subdomains) as `*`; the scheme alone when a placeholder
 * sits deeper in the host; null for anything but plain http(s) (a data: template needs nothing).
 */
export function mapTileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#@]+)(?:[/?#]|$)/i.exec(template.trim());
  if (!match?.[1] || !match[2]) return null;
  const scheme = match[1].toLowerCase();
  const [, host = '', port = ''] = /^(.*?)(:\d+)?$/.exec(match[2].toLowerCase()) ?? [];
  const [first = '', ...rest] = host.split('.');
  if (rest.some((label) => label.includes('{'))) return `${scheme}:`;
  const labels = [first.includes('{') ? '*' : first, ...rest];
  if (!labels.every((label) => label === '*' || /^[a-z0-9-]+$/.test(label))) return null;
  return `${scheme}://${labels.join('.')}${port}`;
}

/** Players of the allowed video hosts (contract videoEmbedUrl), shown in attachment iframes. */
const videoPlayerOrigins = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];

/** The strict Content-Security-Policy the built web app satisfies; S3 mode may post to the bucket. */
export const contentSecurityPolicy = (config: Config) => {
  const tiles = mapTileSource(config.mapTileUrl);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // MUI (emotion) injects <style> elements at run time; scripts stay strictly 'self'.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Map tiles come from the configured tile server; image attachments may link any https image
    // (an <img> runs no code, so this widens only what can be displayed).
    imgSrc: [...new Set(["'self'", 'data:', 'blob:', 'https:', ...(tiles ? [tiles] : [])])],
    frameSrc: videoPlayerOrigins,
    connectSrc: ["'self'", 'ws:', 'wss:', ...(config.mediaStore === 's3' ? [s3UploadOrigin(config.s3)] : [])],
    workerSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    // Only the configured host pages may frame the app (issue 16); none when embedding is off.
    frameAncestors: config.embed.allowedOrigins.length
      ? ["'self'", ...config.embed.allowedOrigins]
      : ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
};

/**
 * Every domain event type with its consequences, in order, each written in the transaction that
 * recorded the event (DESIGN.md §6): from here "go to definition" leads to each of them.
 */
export const subscribers = {
  'account.registered': [openAccountSupportThread],
  'account.addressProven': [claimChatPlaces],
  'calendar.created': [announceCalendarCreated, openCalendarConversation],
  'calendar.updated': [notifyCalendarUpdated, announceCalendarUpdated, renameCalendarConversation],
  'calendar.deleted': [
    notifyCalendarDeleted,
    announceCalendarDeleted,
    closeCalendarConversation,
    withdrawDeletedCalendarOffer,
  ],
  'calendar.memberRoleChanged': [notifyRoleChanged, announceRoleChanged, endDemotedMemberStreams],
  'calendar.ownershipOffered': [requestOwnership],
  'calendar.ownershipOfferCancelled': [withdrawOwnershipRequest],
  'calendar.ownershipDeclined': [notifyOwnershipDeclined],
  'calendar.ownerChanged': [notifyOwnerChanged, announceOwnerChanged, handOverCalendarConversation],
  'calendar.eventsDeleted': [
    announceCalendarEventsDeleted,
    withdrawCalendarEventInvitations,
    endCalendarEventStreams,
  ],
  'event.created': [putCalendarMembersInTheLoop, notifyEventCreated, announceEventCreated],
  'event.changed': [notifyEventChanged, announceEventChanged],
  'event.deleted': [
    withdrawEventInvitations,
    notifyEventDeleted,
    announceEventDeleted,
    endDeletedEventStreams,
  ],
  'event.removedFromCalendar': [announceEventRemovedFromCalendar],
  'occurrence.cancelled': [notifyEventDeleted, announceOccurrenceCancelled, endCancelledOccurrenceStreams],
  'series.split': [announceSeriesTail],
  'rsvp.created': [announceRsvpCreated],
  'rsvp.updated': [notifyRsvpUpdated, announceRsvpUpdated, dropRsvpWithdrawnViewer],
  'invitation.sent': [notifyInvitation, mailInvitation, announceEventInvitationSent],
  'invitation.attached': [notifyAttachedInvitation],
  'invitation.answered': [
    notifyInvitationAnswered,
    announceCalendarJoined,
    announceInvitationAnswered,
    putJoinedMemberInTheLoop,
    announceEventInvitationAnswered,
    joinCalendarConversation,
  ],
  'invitation.withdrawn': [
    withdrawInvitationRequest,
    announceMemberRemoved,
    announceEventInvitationWithdrawn,
    takeLeavingMemberOutOfTheLoop,
    notifyInvitationWithdrawn,
    leaveCalendarConversation,
    dropWithdrawnGuest,
    announceMemberGone,
    withdrawRemovedMemberOffer,
    endRemovedMemberStreams,
  ],
  'chat.conversationCreated': [announceConversationCreated],
  'chat.conversationUpdated': [announceConversationUpdated],
  'chat.conversationDeleted': [announceConversationDeleted],
  'chat.conversationHidden': [announceConversationHidden],
  'chat.muteChanged': [announceMuteChanged],
  'chat.messageSent': [announceMessage, pushMessage, mailSupportMessage],
  'chat.participantsJoined': [announceParticipantsJoined],
  'chat.participantUpdated': [announceParticipantUpdated],
  'chat.participantLeft': [announceParticipantLeft],
  'stream.started': [announceStreamChanged],
  'stream.ended': [announceStreamChanged, disconnectStoppedStream],
  'user.blocked': [announceBlocked],
  'user.unblocked': [announceUnblocked],
} satisfies SubscriberMap<DomainEvents, AppContext>;

/**
 * What each kind of invitation does with its own rows (answering, attaching to a proven
 * address), from the module that owns the rows; the one invitations flow does the rest.
 */
const invitationKinds = {
  calendar: calendarInvitations,
  event: eventInvitations,
} satisfies InvitationKinds;

/**
 * The live streams' media plane STREAMS_PROVIDER names. LiveKit: an existing deployment
 * (livekit.provider.ts). Embedded: the werift SFU in a worker thread (modules/streams/media),
 * started on the first media request; its tokens are signed with a key pair generated once into
 * the server's secrets, and it asks the records (the gate) before connecting anyone.
 */
async function createStreamsProvider(
  config: Config,
  db: Database['db'],
  logger: Logger,
): Promise<StreamsProvider> {
  if (config.streams.provider === 'livekit' && config.streams.livekit) {
    // Loaded only in this mode: the LiveKit SDK stays out of an embedded server's start.
    const { createLivekitProvider } = await import('./modules/streams/livekit.provider.ts');
    return createLivekitProvider(config.streams.livekit);
  }
  const apiKey = await getOrCreateSecret(
    db,
    'streams.apiKey',
    () => `convene${randomBytes(6).toString('hex')}`,
  );
  const apiSecret = await getOrCreateSecret(db, 'streams.apiSecret', () =>
    randomBytes(32).toString('base64url'),
  );
  const { createEmbeddedProvider } = await import('./modules/streams/media/index.ts');
  return createEmbeddedProvider({
    config: config.streams,
    publicUrl: config.publicUrl,
    apiKey,
    apiSecret,
    gate: createStreamsGate({ db, config }),
    logger,
    // A server only reachable on this machine announces the loopback address to its browsers.
    loopback: isLoopbackHost(config.host),
  });
}

/** Whether the server listens on the loopback interface only. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The embedded media plane also serves its signalling routes. */
function isEmbeddedProvider(provider: StreamsProvider): provider is EmbeddedProvider {
  return provider.kind === 'embedded' && 'registerRoutes' in provider;
}

/** LiveKit mode's provider also takes LiveKit's webhook (participants and rooms gone). */
function isLivekitProvider(provider: StreamsProvider): provider is LivekitProvider {
  return provider.kind === 'livekit' && 'receiveWebhook' in provider;
}

/** Delivers one outbox call to the media plane (after the commit that decided it). */
function deliverStreamsCall(provider: StreamsProvider, call: OutboxPayloads['streams']): Promise<void> {
  return call.action === 'endStream'
    ? provider.endStream(call.room, call.streamId)
    : provider.removeParticipant(call.room, call.identity);
}

/**
 * The zod validator and serialiser as Fastify's compiler factories (its types name only ajv's
 * and fast-json-stringify's compilers, hence the cast; Fastify calls a factory and uses the
 * compiler it returns, whatever the schema kind).
 */
const zodCompilersFactory = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** Builds the Fastify app with every platform piece and module registered. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const fastify = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    // JSON bodies are small: 64 KiB bounds what a parser and the validators ever see. Routes
    // that need more say so (event create/edit: description and attachment texts); uploads are
    // multipart with their own limits.
    bodyLimit: defaultBodyLimit,
    frameworkErrors: sendFrameworkError,
    // Every route validates and serialises with zod. Given as the compilers' factories (rather
    // than set after creation), Fastify never loads its default ones, ajv and
    // fast-json-stringify, which cost start time and are used by no route.
    schemaController: { compilersFactory: zodCompilersFactory },
  });
  const routes: App['routes'] = [];
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, isPublic: route.config?.public === true });
    }
  });
  registerErrorHandling(fastify);
  registerNoStore(fastify);

  const db = database.db;
  const sendMail =
    options.sendMail ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      mailDir: path.join(config.dataDir, 'mail'),
      logger,
    });
  const push = createPushSender({
    db,
    logger,
    keys: await loadVapidKeys(db, config.vapid),
    policy: config.push,
    ca: options.pushCa,
  });
  const notificationTokens = createNotificationTokens(
    await getOrCreateSecret(db, 'notifications.token', () => randomBytes(32).toString('base64url')),
  );
  const publicOrigin = new URL(config.publicUrl).origin;
  const hub = await createRealtimeHub(fastify.server, {
    db,
    logger,
    appEnv: config.appEnv,
    redisUrl: config.redisUrl,
    sessionLifetime: config.sessionLifetime,
    allowedOrigins: (origin, host) => isAllowedSocketOrigin(origin, host, publicOrigin),
  });
  const streams = options.streams ?? (await createStreamsProvider(config, db, logger));
  const outbox = new OutboxWorker(
    db,
    {
      streams: (call) => deliverStreamsCall(streams, call),
      mail: sendMail,
      push: createPushDelivery(db, push),
      chatPush: createChatPushDelivery(db, push),
      realtime: async (envelope) => deliverRealtime(hub, envelope),
    },
    logger,
  );
  const captcha: Captcha = config.recaptcha
    ? createRecaptcha(config.recaptcha.secret)
    : await createAltcha(db, config.altchaCost);
  const ctx: AppContext = {
    config,
    db,
    dbKind: database.kind,
    logger,
    captcha,
    hub,
    outbox,
    push,
    notificationTokens,
    record: createRecorder<DomainEvents, AppContext>(subscribers, () => ctx),
    // Each request type's answer, from the module that owns it; shifts have no feature yet.
    requestEffects: {
      shareEvent: invitationRequestEffect('event'),
      shareCalendar: invitationRequestEffect('calendar'),
      shareCalendarOwnerChange: ownershipRequestEffect,
      shiftCreated: statusOnly,
    } satisfies RequestEffects,
    invitationKinds,
    streams,
  };
  // The media plane reports broadcasters and rooms gone; the records mark their streams ended.
  // The listener's promise is there for whoever waits (LiveKit's webhook answers once recorded).
  const logStreamsFailure = (error: unknown) => logger.error({ err: error }, 'ending a live stream failed');
  streams.onPublisherGone((room, streamId) => endGoneStream(ctx, room, streamId).catch(logStreamsFailure));
  if (isLivekitProvider(streams)) {
    streams.onParticipantGone((room, identity) => endBroadcasterStreams(ctx, room, identity));
    streams.onRoomFinished((room) => endRoomStreams(ctx, room));
  }

  await fastify.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    // X-Frame-Options cannot name other origins: with embedding on, frame-ancestors alone decides
    // (browsers ignore X-Frame-Options when frame-ancestors is present; older ones would block).
    xFrameOptions: config.embed.allowedOrigins.length ? false : { action: 'sameorigin' },
  });
  // ioredis is loaded only when Redis is configured (a single process does without it).
  const rateLimitRedis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 3 })
    : undefined;
  await fastify.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: `convene-${config.appEnv}-rl-` } : {}),
  });
  await fastify.register(swagger, {
    openapi: { info: { title: 'Convene API', version: '1.0.0' }, servers: [] },
    transform: jsonSchemaTransform,
  });
  registerAuthHook(fastify, db, config.sessionLifetime);
  registerTextGuard(fastify);

  registerSystemRoutes(fastify, ctx);
  registerAuthRoutes(fastify, ctx);
  registerAccountRoutes(fastify, ctx);
  registerSessionRoutes(fastify, ctx);
  registerNotificationRoutes(fastify, ctx);
  registerCalendarRoutes(fastify, ctx);
  registerMemberRoutes(fastify, ctx);
  registerPeopleRoutes(fastify, ctx);
  registerNoteRoutes(fastify, ctx);
  registerReportRoutes(fastify, ctx);
  registerMediaRoutes(fastify, ctx);
  registerS3UploadRoutes(fastify, ctx);
  registerEventRoutes(fastify, ctx);
  registerRsvpRoutes(fastify, ctx);
  registerChatRoutes(fastify, ctx);
  registerStreamRoutes(fastify, ctx);
  if (isLivekitProvider(streams)) registerLivekitWebhook(fastify, streams);
  if (isEmbeddedProvider(streams)) streams.registerRoutes(fastify);
  registerEmbedRoutes(fastify, ctx);
  fastify.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, () =>
    fastify.swagger(),
  );

  registerWebApp(fastify, config.webDist);

  fastify.addHook('preClose', async () => {
    await hub.close();
  });
  fastify.addHook('onClose', async () => {
    await outbox.stop();
    await streams.close();
    await rateLimitRedis?.quit().catch(() => undefined);
  });
  if (options.startOutbox ?? true) outbox.start();
  await fastify.ready();
  return { fastify, ctx, routes, close: () => fastify.close() };
}

/**
 * The pages the web build prerendered (web/vite.config.ts, prerenderFirstPages): for each path,
 * its file in each language, from the names `prerendered/<page>.<language>.html`.
 */
function prerenderedPages(webDist: string): Map<string, Map<string, string>> {
  const pages = new Map<string, Map<string, string>>();
  const dir = path.join(webDist, 'prerendered');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  for (const file of files) {
    const match = /^([a-z0-9-]+)\.([a-z]{2})\.html$/.exec(file);
    if (!match) continue;
    const [, page = '', language = ''] = match;
    const languages = pages.get(`/${page}`) ?? new Map<string, string>();
    languages.set(language, path.join('prerendered', file));
    pages.set(`/${page}`, languages);
  }
  return pages;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html for every
 * other non-API path so client routes survive a reload. A prerendered page (the sign-in form)
 * is sent for its path in the language the browser asks for, so it is drawn before the app's
 * scripts run (issue 12); the app then hydrates it.
 */
function registerWebApp(fastify: FastifyInstance, webDist: string): void {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  const prerendered = hasWeb ? prerenderedPages(webDist) : new Map<string, Map<string, string>>();
  if (hasWeb) {
    void fastify.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  fastify.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api') || request.url.startsWith('/socket.io') || !isPage || !hasWeb) {
      return sendRouteNotFound(request, reply);
    }
    void reply.header('cache-control', 'no-cache');
    const page = prerendered.get(request.url.split('?')[0] ?? '');
    if (page) {
      const language = negotiateLanguage(request.headers['accept-language'], [...page.keys()]);
      const file = page.get(language ?? 'en') ?? page.values().next().value;
      void reply.header('vary', 'accept-language');
      if (file) return reply.sendFile(file);
    }
    return reply.sendFile('index.html');
  });
}
