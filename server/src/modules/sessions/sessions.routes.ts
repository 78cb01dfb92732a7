import { endOtherSessionsQuery, sessionIdParams, sessionList } from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import * as service from './sessions.service.ts';

/** The caller's sign-ins: list them, end one, or end all but this one. */
export function registerSessionRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sessions'];

  app.get('/api/sessions', { schema: { tags, response: { 200: sessionList } } }, async (request) => ({
    sessions: await service.listSessions(ctx, getViewer(request)),
  }));

  app.delete(
    '/api/sessions/:sessionId',
    { schema: { tags, params: sessionIdParams } },
    async (request, reply) => {
      await service.endSession(ctx, getViewer(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/sessions',
    { schema: { tags, querystring: endOtherSessionsQuery } },
    async (request, reply) => {
      await service.endOtherSessions(ctx, getViewer(request));
      return reply.status(204).send();
    },
  );
}
