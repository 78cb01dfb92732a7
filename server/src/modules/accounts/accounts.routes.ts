import {
  account,
  changePasswordBody,
  profileUpdateAnswer,
  profileUpdateBody,
  recentTimezoneList,
  timezoneBody,
  userProfile,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import { presentOwnAccount } from './accounts.presenter.ts';
import { authorizeSelf, changePassword, getUserView, updateProfile } from './accounts.service.ts';
import { listRecentTimezones, recordTimezone } from './timezones.service.ts';

/** Path parameter naming a user; an id no account has answers 404. */
const userParams = z.object({ userId: z.string().min(1).max(100) });

/** Oneself answers the own account; anyone else their profile as the viewer may see it. */
const accountOrProfile = z.union([account, userProfile]);

/** The signed-in user's account, other users' profiles, profile edits, password, timezones. */
export function registerAccountRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/api/account', { schema: { tags: ['account'], response: { 200: account } } }, (request) =>
    presentOwnAccount(getViewer(request).account),
  );

  for (const url of ['/api/accounts/:userId', '/api/accounts/:userId/profile']) {
    app.get(
      url,
      { schema: { tags: ['account'], params: userParams, response: { 200: accountOrProfile } } },
      (request) => getUserView(ctx, getViewer(request), request.params.userId),
    );
  }

  app.put(
    '/api/accounts/:userId',
    {
      schema: {
        tags: ['account'],
        params: userParams,
        body: profileUpdateBody,
        response: { 200: profileUpdateAnswer },
      },
    },
    (request) => updateProfile(ctx, getViewer(request), request.params.userId, request.body),
  );

  app.post(
    '/api/account/changepassword',
    { schema: { tags: ['account'], body: changePasswordBody } },
    async (request, reply) => {
      await changePassword(ctx, getViewer(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/accounts/:userId/timezones',
    { schema: { tags: ['account'], params: userParams, response: { 200: recentTimezoneList } } },
    async (request) => {
      await authorizeSelf(ctx.db, getViewer(request), request.params.userId);
      return listRecentTimezones(ctx.db, request.params.userId);
    },
  );

  app.put(
    '/api/accounts/:userId/timezones',
    {
      schema: {
        tags: ['account'],
        params: userParams,
        body: timezoneBody,
        response: { 200: recentTimezoneList },
      },
    },
    async (request) => {
      await authorizeSelf(ctx.db, getViewer(request), request.params.userId);
      return recordTimezone(ctx.db, request.params.userId, request.body.name);
    },
  );
}
