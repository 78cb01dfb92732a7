import { streamMessages } from '@convene/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, forbidden, notFound, unauthenticated, validation } from '../../../platform/errors.ts';
import type { StreamsGate } from '../streams.provider.ts';
import { type SfuClient, SfuRefused } from './sfuClient.ts';

/** An SDP offer is a few KiB; anything much bigger is not one. */
export const maxSdpBytes = 64 * 1024;

/** What a verified access token grants (LiveKit format: `sub` = identity, `video` = grants). */
export interface MediaGrant {
  identity: string;
  room: string;
  canPublish: boolean;
  canSubscribe: boolean;
}

/** Verifies a LiveKit-format access token; null when it is not valid (bad signature, expired). */
export type VerifyToken = (token: string) => Promise<MediaGrant | null>;

const streamParams = z.object({
  room: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/),
  streamId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
});
const sessionParams = z.object({ sessionId: z.uuid() });

// What the routes declare (bounded, so nothing long reaches a parser; a value too long is a 400
// naming it); the shapes above are checked in the handlers, where a well-formed but unknown
// room, stream or session is a 404 like any other.
const streamPath = z.object({ room: z.string().max(200), streamId: z.string().max(64) });
const sessionPath = z.object({ sessionId: z.string().max(64) });

/**
 * WHIP/WHEP-style signalling of the embedded media plane (issue 15): one POST of an SDP offer
 * (non-trickle) with the stream access token as Bearer answers the SFU's SDP answer and the
 * session's address; DELETE of that address stops it. Authorised by the token (not the login
 * token: the routes are `public` to the login hook), then by the gate (the records), so an RSVP
 * or stream that changed after the token was issued counts.
 */
export function registerMediaRoutes(
  fastify: FastifyInstance,
  deps: { sfu: () => SfuClient; gate: StreamsGate; verifyToken: VerifyToken },
): void {
  void fastify.register(async (app) => {
    app.addContentTypeParser(
      'application/sdp',
      { parseAs: 'string', bodyLimit: maxSdpBytes },
      (_req, body, done) => done(null, body),
    );
    // Each offer costs the SFU a peer connection and its UDP sockets: bounded per address (a
    // whole venue may share one, hence generous), on top of the token and the viewer cap.
    const config = { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } };
    const tags = ['streams'];

    app.post(
      '/api/streams/media/:room/streams/:streamId/publish',
      { config, schema: { tags, params: streamPath } },
      async (request, reply) => {
        const { room, streamId } = parseParams(streamParams, request.params, 404);
        const grant = await authorise(request, deps.verifyToken, room);
        if (!grant.canPublish) throw forbidden('The token does not allow publishing');
        const sdp = offerOf(request);
        await gateOrThrow(await deps.gate.mayPublish(room, streamId, grant.identity));
        const answer = await refusalsToErrors(deps.sfu().publish(room, streamId, grant.identity, sdp));
        return reply
          .code(201)
          .header('content-type', 'application/sdp')
          .header('location', `/api/streams/media/sessions/${answer.sessionId}`)
          .send(answer.sdp);
      },
    );

    app.post(
      '/api/streams/media/:room/streams/:streamId/watch',
      { config, schema: { tags, params: streamPath } },
      async (request, reply) => {
        const { room, streamId } = parseParams(streamParams, request.params, 404);
        const grant = await authorise(request, deps.verifyToken, room);
        if (!grant.canSubscribe) throw forbidden('The token does not allow watching');
        const sdp = offerOf(request);
        await gateOrThrow(await deps.gate.mayWatch(room, streamId, grant.identity));
        const answer = await refusalsToErrors(deps.sfu().watch(room, streamId, grant.identity, sdp));
        return reply
          .code(201)
          .header('content-type', 'application/sdp')
          .header('location', `/api/streams/media/sessions/${answer.sessionId}`)
          .send(answer.sdp);
      },
    );

    app.delete(
      '/api/streams/media/sessions/:sessionId',
      { config, schema: { tags, params: sessionPath } },
      async (request, reply) => {
        const { sessionId } = parseParams(sessionParams, request.params, 404);
        const grant = await authorise(request, deps.verifyToken, undefined);
        const sfu = deps.sfu();
        // Ending a session that has already ended (the stream stopped, the server restarted)
        // is done: a client leaving after the server closed it need not be told otherwise.
        if (!sfu.started) return reply.code(204).send();
        try {
          await refusalsToErrors(sfu.deleteSession(sessionId, grant.room, grant.identity));
        } catch (error) {
          if (!(error instanceof ApiError && error.statusCode === 404)) throw error;
        }
        return reply.code(204).send();
      },
    );
  });
}

function parseParams<T>(schema: z.ZodType<T>, params: unknown, status: 404): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw status === 404 ? notFound() : validation('params');
  return parsed.data;
}

/** The Bearer token, verified, and for `room` when one is named. Never logged. */
async function authorise(
  request: FastifyRequest,
  verify: VerifyToken,
  room: string | undefined,
): Promise<MediaGrant> {
  const header = request.headers.authorization;
  const token = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
  if (!token) throw unauthenticated();
  const grant = await verify(token);
  if (!grant) throw unauthenticated();
  if (room !== undefined && grant.room !== room) throw forbidden('The token is for another room');
  return grant;
}

/** The request's SDP offer: application/sdp text, no NUL, something that looks like SDP. */
function offerOf(request: FastifyRequest): string {
  const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'application/sdp') throw validation('body', 'Expected an SDP offer (application/sdp)');
  const sdp = request.body;
  if (typeof sdp !== 'string' || sdp.length === 0) throw validation('body', 'Expected an SDP offer');
  if (sdp.includes('\0')) throw validation('body', 'The SDP offer contains a NUL character');
  if (!/^v=0\r?\n/.test(sdp) || !/\r?\nm=(audio|video) /.test(sdp)) {
    throw validation('body', 'The SDP offer is not valid');
  }
  return sdp;
}

async function gateOrThrow(verdict: 'ok' | 'ended' | 'forbidden'): Promise<void> {
  if (verdict === 'ended') throw notFound(streamMessages.ended);
  if (verdict === 'forbidden') throw forbidden('Not allowed for this stream');
}

/** The worker's refusals as the API's answers: client faults are never a 500. */
async function refusalsToErrors<T>(result: Promise<T>): Promise<T> {
  try {
    return await result;
  } catch (error) {
    if (!(error instanceof SfuRefused)) throw error;
    const { refusal } = error;
    switch (refusal.error) {
      case 'badSdp':
        throw validation('body', `The SDP offer was refused: ${refusal.message}`);
      case 'viewersFull':
        // PRODUCT.md §2.8: the screens offer to retry in 10 seconds.
        throw new ApiError(429, 'RATE_LIMITED', streamMessages.viewersFull, undefined, {
          'retry-after': '10',
        });
      case 'notFound':
        throw notFound(streamMessages.ended);
      case 'forbidden':
        throw forbidden('Not allowed for this session');
    }
  }
}
