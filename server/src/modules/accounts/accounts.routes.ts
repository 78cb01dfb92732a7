import { account } from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import { presentOwnAccount } from './accounts.presenter.ts';

/** The signed-in user's own account. */
export function registerAccountRoutes(fastify: FastifyInstance, _ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/account', { schema: { tags: ['account'], response: { 200: account } } }, (request) =>
    presentOwnAccount(getViewer(request).account),
  );
}
