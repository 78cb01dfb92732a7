import {
  addMemberAnswer,
  addMemberBody,
  calendarUsers,
  calendarUsersQuery,
  shareCalendarBody,
  unshareCalendarBody,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import * as invitations from './calendarInvitations.ts';
import * as members from './members.service.ts';

/** The people of a calendar and invitations (PRODUCT.md §1.7 members and share calls). */
export function registerMemberRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar members'];

  app.get(
    '/api/calendar/users',
    { schema: { tags, querystring: calendarUsersQuery, response: { 200: calendarUsers } } },
    (request) => members.listCalendarUsers(ctx, getViewer(request), request.query),
  );

  app.post(
    '/api/members',
    { schema: { tags, body: addMemberBody, response: { 200: addMemberAnswer } } },
    (request) => invitations.addCalendarInvitee(ctx, getViewer(request), request.body),
  );

  app.post(
    '/api/share/calendar',
    { schema: { tags, body: shareCalendarBody, response: { 200: addMemberAnswer } } },
    (request) => invitations.sendCalendarInvitation(ctx, getViewer(request), request.body, request.ip),
  );

  app.delete(
    '/api/share/calendar',
    { schema: { tags, body: unshareCalendarBody } },
    async (request, reply) => {
      await invitations.withdrawCalendarInvitation(ctx, getViewer(request), request.body);
      return reply.status(204).send();
    },
  );
}
