import {
  addMemberAnswer,
  addMemberBody,
  calendarIdQuery,
  calendarMember,
  calendarUsers,
  calendarUsersQuery,
  changeMemberRoleBody,
  memberIdParams,
  ownershipOfferBody,
  shareCalendarBody,
  unshareCalendarBody,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import * as invitations from './calendarInvitations.ts';
import * as members from './members.service.ts';
import * as ownership from './ownership.service.ts';

/**
 * The people of a calendar: invitations, roles, removal and leaving, handing the calendar over
 * (PRODUCT.md §1.7 members and share calls; docs/PRODUCT.md, Calendar roles).
 */
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

  app.put(
    '/api/members/:memberId',
    {
      schema: { tags, params: memberIdParams, body: changeMemberRoleBody, response: { 200: calendarMember } },
    },
    (request) => members.changeMemberRole(ctx, getViewer(request), request.params.memberId, request.body),
  );

  app.post(
    '/api/calendars/:calendarId/ownershipOffer',
    {
      schema: { tags, params: calendarIdQuery, body: ownershipOfferBody, response: { 200: calendarMember } },
    },
    (request) =>
      ownership.offerOwnership(ctx, getViewer(request), request.params.calendarId, request.body.memberId),
  );

  app.delete(
    '/api/calendars/:calendarId/ownershipOffer',
    { schema: { tags, params: calendarIdQuery } },
    async (request, reply) => {
      await ownership.cancelOwnershipOffer(ctx, getViewer(request), request.params.calendarId);
      return reply.status(204).send();
    },
  );
}
