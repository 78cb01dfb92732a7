import { noteAnswer, noteBody } from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import { getNote, saveNote } from './notes.service.ts';

const userParams = z.object({ userId: z.string().min(1).max(100) });

/** Private notes about other users (PRODUCT.md §1.6: visible only to their author). */
export function registerNoteRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/users/:userId/notes',
    { schema: { tags: ['notes'], params: userParams, response: { 200: noteAnswer } } },
    (request) => getNote(ctx.db, getViewer(request), request.params.userId),
  );

  app.put(
    '/api/users/:userId/notes',
    { schema: { tags: ['notes'], params: userParams, body: noteBody, response: { 200: noteAnswer } } },
    (request) => saveNote(ctx.db, getViewer(request), request.params.userId, request.body.note),
  );
}
