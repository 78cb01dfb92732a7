import {
  createUserEventStatusAnswer,
  createUserEventStatusBody,
  eventIdParams,
  rsvpIdParams,
  rsvpOptions,
  shareEventBody,
  unshareEventBody,
  updateUserEventStatusBody,
  userEventStatus,
  userEventStatusesQuery,
  userEventStatusList,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import * as invitations from './eventInvitations.ts';
import * as rsvp from './rsvp.service.ts';

/** RSVPs, attendees and event invitations (PRODUCT.md §1.7 rsvp, userEventStatuses, share/event). */
export function registerRsvpRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['rsvp'];

  app.get('/api/rsvp', { schema: { tags, response: { 200: rsvpOptions } } }, () => rsvp.getRsvpOptions());

  app.get(
    '/api/events/:eventId/userEventStatus',
    { schema: { tags, params: eventIdParams, response: { 200: userEventStatus } } },
    (request) => rsvp.getMyStatus(ctx, getViewer(request), request.params.eventId),
  );

  app.get(
    '/api/events/:eventId/userEventStatuses',
    {
      schema: {
        tags,
        params: eventIdParams,
        querystring: userEventStatusesQuery,
        response: { 200: userEventStatusList },
      },
    },
    (request) => rsvp.listStatuses(ctx, getViewer(request), request.params.eventId, request.query),
  );

  app.put(
    '/api/userEventStatuses/:rsvpId',
    {
      schema: {
        tags,
        params: rsvpIdParams,
        body: updateUserEventStatusBody,
        response: { 200: userEventStatus },
      },
    },
    (request) => rsvp.updateStatus(ctx, getViewer(request), request.params.rsvpId, request.body),
  );

  app.post(
    '/api/userEventStatuses',
    { schema: { tags, body: createUserEventStatusBody, response: { 200: createUserEventStatusAnswer } } },
    (request) => invitations.addEventInvitee(ctx, getViewer(request), request.body),
  );

  app.post(
    '/api/share/event',
    { schema: { tags, body: shareEventBody, response: { 200: createUserEventStatusAnswer } } },
    (request) => invitations.sendEventInvitation(ctx, getViewer(request), request.body, request.ip),
  );

  app.delete('/api/share/event', { schema: { tags, body: unshareEventBody } }, async (request, reply) => {
    await invitations.withdrawEventInvitation(ctx, getViewer(request), request.body);
    return reply.status(204).send();
  });
}
