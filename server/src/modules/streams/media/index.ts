import { streamLimits } from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { StreamsConfig } from '../../../config.ts';
import type { StreamsGate, StreamsProvider } from '../streams.provider.ts';
import { type MediaGrant, registerMediaRoutes, type VerifyToken } from './media.routes.ts';
import type { SfuShutdown, SfuStats } from './protocol.ts';
import { SfuClient } from './sfuClient.ts';

export interface EmbeddedProviderOptions {
  config: StreamsConfig;
  /** The app's public address; clients signal at `${publicUrl}/api/streams/media`. */
  publicUrl: string;
  /** The key pair the stream access tokens are signed with. */
  apiKey: string;
  apiSecret: string;
  gate: StreamsGate;
  logger: Pick<Logger, 'error' | 'warn'>;
  /** Tests: a shorter grace than streamLimits.publisherGraceMs. */
  publisherGraceMs?: number;
  /** Tests: a viewer silent this long is dropped (default 15 s). */
  viewerSilenceMs?: number;
  /** Tests and benchmarks on one machine: announce 127.0.0.1 as a candidate too. */
  loopback?: boolean;
}

export type EmbeddedProvider = StreamsProvider & {
  kind: 'embedded';
  /** The signalling routes (POST …/publish, POST …/watch, DELETE sessions/{id}). */
  registerRoutes(fastify: FastifyInstance): void;
  /** The SFU worker's load (benchmarks); starts the worker if it was not running. */
  stats(): Promise<SfuStats>;
  /** Stops the SFU worker, its peer connections (and their UDP sockets) closed first. */
  close(): Promise<SfuShutdown>;
};

/**
 * The embedded media plane (issue 15): a werift SFU in a worker thread, started on the first
 * media request, and its WHIP/WHEP-style signalling routes.
 */
export function createEmbeddedProvider(options: EmbeddedProviderOptions): EmbeddedProvider {
  const { config, apiKey, apiSecret, gate, logger } = options;
  const sfu = new SfuClient(
    {
      udpPorts: config.udpPorts,
      publicIp: config.publicIp,
      iceServers: config.iceServers,
      maxVideoBitrate: streamLimits.maxVideoBitrate,
      publisherGraceMs: options.publisherGraceMs ?? streamLimits.publisherGraceMs,
      viewerSilenceMs: options.viewerSilenceMs ?? 15_000,
      maxViewers: config.maxViewers,
      loopback: options.loopback ?? false,
    },
    (error) => logger.error({ err: error }, 'the embedded media plane failed'),
  );
  const verifyToken = tokenVerifier(apiKey, apiSecret);
  return {
    kind: 'embedded',
    url: `${options.publicUrl.replace(/\/$/, '')}/api/streams/media`,
    apiKey,
    apiSecret,
    endStream: (room, streamId) => sfu.endStream(room, streamId),
    removeParticipant: (room, identity) => sfu.removeParticipant(room, identity),
    onPublisherGone: (listener) => sfu.onPublisherGone(listener),
    close: () => sfu.close(),
    stats: () => sfu.stats(),
    registerRoutes: (fastify) => registerMediaRoutes(fastify, { sfu: () => sfu, gate, verifyToken }),
  };
}

/**
 * Checks a token with livekit-server-sdk's verifier (signature, expiry), loaded on the first
 * media request so a server that never streams does not load it at start.
 */
function tokenVerifier(apiKey: string, apiSecret: string): VerifyToken {
  let verifier: Promise<{ verify(token: string): Promise<Record<string, unknown>> }> | undefined;
  return async (token) => {
    verifier ??= import('livekit-server-sdk').then(
      ({ TokenVerifier }) => new TokenVerifier(apiKey, apiSecret),
    );
    let claims: Record<string, unknown>;
    try {
      claims = await (await verifier).verify(token);
    } catch {
      return null;
    }
    return grantOf(claims);
  };
}

function grantOf(claims: Record<string, unknown>): MediaGrant | null {
  const video = claims.video as {
    room?: unknown;
    roomJoin?: unknown;
    canPublish?: unknown;
    canSubscribe?: unknown;
  };
  if (typeof claims.sub !== 'string' || !claims.sub || typeof video !== 'object' || video === null)
    return null;
  if (typeof video.room !== 'string' || video.roomJoin !== true) return null;
  return {
    identity: claims.sub,
    room: video.room,
    canPublish: video.canPublish === true,
    canSubscribe: video.canSubscribe === true,
  };
}
