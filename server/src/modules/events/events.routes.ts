import {
  createEventBody,
  deleteEventBody,
  event,
  eventIdParams,
  eventQuery,
  eventsQuery,
  updateEventBody,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import { listCalendarEvents, listMyEvents } from './agenda.service.ts';
import * as service from './events.service.ts';

/**
 * An event's JSON may carry a 10 000-character description and 20 attachments of up to
 * 10 000 characters each: larger than the app's 64 KiB default, so these two routes allow 1 MiB.
 */
const eventBodyLimit = 1024 * 1024;

/** A page of events; with `fields`, each item holds only those fields (and eventId). */
const eventPageAnswer = z.object({ items: z.array(event.partial()), nextPageToken: z.string().optional() });

/** Events: the agenda, one event, create, edit, delete (PRODUCT.md §1.7, §2.7 event side). */
export function registerEventRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  app.get(
    '/api/events',
    { schema: { tags, querystring: eventsQuery, response: { 200: eventPageAnswer } } },
    (request) => listMyEvents(ctx, getViewer(request), request.query),
  );

  app.get(
    '/api/calendars/:calendarId/events',
    {
      schema: {
        tags,
        params: z.object({ calendarId: z.string().min(1).max(64) }),
        querystring: eventsQuery,
        response: { 200: eventPageAnswer },
      },
    },
    (request) => listCalendarEvents(ctx, getViewer(request), request.params.calendarId, request.query),
  );

  app.get(
    '/api/events/:eventId',
    { schema: { tags, params: eventIdParams, querystring: eventQuery, response: { 200: event.partial() } } },
    (request) => service.getEvent(ctx, getViewer(request), request.params.eventId, request.query.fields),
  );

  app.post(
    '/api/event',
    { bodyLimit: eventBodyLimit, schema: { tags, body: createEventBody, response: { 200: event } } },
    (request) => service.createEvent(ctx, getViewer(request), request.body),
  );

  app.put(
    '/api/event',
    { bodyLimit: eventBodyLimit, schema: { tags, body: updateEventBody, response: { 200: event } } },
    (request) => service.updateEvent(ctx, getViewer(request), request.body),
  );

  app.delete('/api/event', { schema: { tags, body: deleteEventBody } }, async (request, reply) => {
    await service.deleteEvent(ctx, getViewer(request), request.body);
    return reply.status(204).send();
  });
}
