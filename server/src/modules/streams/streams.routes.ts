import { createStreamBody, eventIdParams, stream, streamsAuth } from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../platform/errors.ts';
import { getViewer } from '../../platform/http.ts';
import type { LivekitProvider } from './livekit.provider.ts';
import * as service from './streams.service.ts';

const streamParams = eventIdParams.extend({ streamId: z.string().min(1).max(64) });

/** LiveKit's webhook bodies are a few KiB (one room, participant or track): more is refused (413). */
export const webhookBodyLimit = 64 * 1024;

/** Live streams of an event: start, read, stop, and the media token (PRODUCT.md §2.7). */
export function registerStreamRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['streams'];

  app.post(
    '/api/events/:eventId/streams',
    { schema: { tags, params: eventIdParams, body: createStreamBody, response: { 201: stream } } },
    async (request, reply) => {
      const created = await service.createStream(
        ctx,
        getViewer(request),
        request.params.eventId,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/events/:eventId/streams/auth',
    { schema: { tags, params: eventIdParams, response: { 200: streamsAuth } } },
    (request) => service.authorizeStreams(ctx, getViewer(request), request.params.eventId),
  );

  app.get(
    '/api/events/:eventId/streams/:streamId',
    { schema: { tags, params: streamParams, response: { 200: stream } } },
    (request) => service.getStream(ctx, getViewer(request), request.params.eventId, request.params.streamId),
  );

  app.delete(
    '/api/events/:eventId/streams/:streamId',
    { schema: { tags, params: streamParams } },
    async (request, reply) => {
      await service.stopStream(ctx, getViewer(request), request.params.eventId, request.params.streamId);
      return reply.status(204).send();
    },
  );
}

/**
 * POST /api/streams/livekit/webhook (LiveKit mode only): LiveKit tells us a broadcaster or a
 * room is gone. Public (LiveKit has no login): the Authorization header's JWT, signed with our
 * key pair and carrying the body's sha256, is what authenticates it, so the body is kept raw.
 */
export function registerLivekitWebhook(fastify: FastifyInstance, provider: LivekitProvider): void {
  fastify.register(async (scope) => {
    scope.removeContentTypeParser(['application/json']);
    scope.addContentTypeParser(
      ['application/json', 'application/webhook+json'],
      { parseAs: 'string', bodyLimit: webhookBodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/streams/livekit/webhook',
      { config: { public: true }, bodyLimit: webhookBodyLimit, schema: { hide: true } },
      async (request, reply) => {
        const body = typeof request.body === 'string' ? request.body : '';
        if (!(await provider.receiveWebhook(body, request.headers.authorization)))
          throw new ApiError(401, 'UNAUTHENTICATED', 'Webhook signature does not verify');
        return reply.status(204).send();
      },
    );
  });
}
