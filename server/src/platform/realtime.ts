import type { Server as HttpServer } from 'node:http';
import {
  type ClientToServerMessages,
  type RealtimeMessage,
  type ServerToClientMessages,
  userRoom,
} from '@convene/contract';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { SessionLifetime } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { findViewerByToken } from './sessions.ts';

interface SocketData {
  userId: string;
  sessionId: string;
}

type Io = Server<ClientToServerMessages, ServerToClientMessages, Record<string, never>, SocketData>;

/** The realtime hub: one private room per user, messages sent after commit (DESIGN.md §5). */
export interface RealtimeHub {
  /**
   * Sends a message to every socket of the given users, on every server process, serialised once.
   * Services do not call it: they record the message in the outbox (realtimeOutbox.ts), whose
   * worker publishes it.
   */
  publish<E extends RealtimeMessage>(
    userIds: readonly string[],
    message: E,
    ...payload: Parameters<ServerToClientMessages[E]>
  ): void;
  /** Closes every socket opened with the given sessions (after logout or a password reset). */
  disconnectSessions(sessionIds: string[]): void;
  /** Disconnects this process's sockets and its Redis clients; the HTTP server stays Fastify's. */
  close(): Promise<void>;
}

/** A realtime message addressed to one user, as subscribers record it. */
export type RealtimeEnvelope = {
  [M in RealtimeMessage]: { userId: string; message: M; payload: Parameters<ServerToClientMessages[M]>[0] };
}[RealtimeMessage];

/**
 * The same realtime message to several users, as the outbox stores it: a message to a group of
 * 500 is one row, not 500 copies of the same JSON.
 */
export type RealtimeBroadcast = {
  [M in RealtimeMessage]: {
    userIds: string[];
    message: M;
    payload: Parameters<ServerToClientMessages[M]>[0];
  };
}[RealtimeMessage];

const sessionRoom = (sessionId: string) => `session-${sessionId}`;

/**
 * Whether a browser Origin may open a socket: the app's public origin, or the same host the
 * request was sent to. `null` (sandboxed frames, file pages) and anything that is not a URL
 * are refused, never thrown.
 */
export function isAllowedSocketOrigin(
  origin: string,
  host: string | undefined,
  publicOrigin: string,
): boolean {
  if (origin === publicOrigin) return true;
  if (!host || !URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.host === host;
}

/** Options for the hub. */
export interface HubOptions {
  db: Db;
  logger: Logger;
  appEnv: string;
  /** Browser origins allowed to open a socket (the app's own). */
  allowedOrigins: (origin: string, host: string | undefined) => boolean;
  redisUrl?: string;
  /** Sessions past their idle or absolute lifetime cannot open a socket. */
  sessionLifetime: SessionLifetime;
}

/** Attaches Socket.IO to the HTTP server, authenticating each socket by its login token. */
export async function createRealtimeHub(server: HttpServer, options: HubOptions): Promise<RealtimeHub> {
  const io: Io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      // Browsers always send Origin on cross-site websocket and polling requests; other
      // clients (tests, native apps) authenticate by token alone. A check that throws refuses:
      // nothing a client sends may escape as an uncaught exception (it would end the process).
      let allowed = false;
      try {
        allowed = !origin || options.allowedOrigins(origin, request.headers.host);
      } catch (error) {
        options.logger.warn({ err: error }, 'socket origin check failed; refused');
      }
      callback(null, allowed);
    },
  });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    // Loaded only with REDIS_URL: a single process does without Redis.
    const [{ Redis }, { createAdapter }] = await Promise.all([
      import('ioredis'),
      import('@socket.io/redis-adapter'),
    ]);
    const pub = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { loginToken?: unknown };
    const token = typeof auth.loginToken === 'string' ? auth.loginToken : '';
    findViewerByToken(options.db, token, options.sessionLifetime)
      .then((viewer) => {
        if (!viewer) return next(new Error('unauthenticated'));
        socket.data = { userId: viewer.account.id, sessionId: viewer.sessionId };
        void socket.join([userRoom(options.appEnv, viewer.account.id), sessionRoom(viewer.sessionId)]);
        next();
      })
      .catch((error: unknown) => {
        options.logger.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      });
  });
  return {
    publish(userIds, message, ...payload) {
      if (userIds.length === 0) return;
      io.to(userIds.map((userId) => userRoom(options.appEnv, userId))).emit(message, ...payload);
    },
    disconnectSessions(sessionIds) {
      if (sessionIds.length === 0) return;
      io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    async close() {
      // Not io.close(): that closes the HTTP server too, which Fastify owns and closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
