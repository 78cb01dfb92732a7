import { reportAnswer, reportBody } from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import { createReport } from './reports.service.ts';

const userParams = z.object({ userId: z.string().min(1).max(100) });

/** Reporting a user (PRODUCT.md §1.7/§1.8: 201, a second report on the same user 429). */
export function registerReportRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/users/:userId/reports',
    { schema: { tags: ['reports'], params: userParams, body: reportBody, response: { 201: reportAnswer } } },
    async (request, reply) => {
      const answer = await createReport(ctx, getViewer(request), request.params.userId, request.body.reason);
      return reply.status(201).send(answer);
    },
  );
}
