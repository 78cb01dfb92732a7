import {
  calendar,
  calendarIdQuery,
  calendarSettingsBody,
  createCalendarBody,
  myCalendarsQuery,
  updateCalendarBody,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import * as service from './calendars.service.ts';

/** Calendars: create, edit, settings, delete, the viewer's list and one calendar (PRODUCT.md §1.7). */
export function registerCalendarRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendars'];

  app.get(
    '/api/calendar/myCalendars',
    { schema: { tags, querystring: myCalendarsQuery, response: { 200: z.array(calendar) } } },
    (request) => service.listMyCalendars(ctx, getViewer(request), request.query.ignoreDeleted === 'true'),
  );

  app.get(
    '/api/calendars/:calendarId',
    { schema: { tags, params: calendarIdQuery, response: { 200: calendar } } },
    (request) => service.getCalendar(ctx, request.params.calendarId, getViewer(request)),
  );

  app.post(
    '/api/calendar',
    { schema: { tags, body: createCalendarBody, response: { 200: calendar } } },
    (request) => service.createCalendar(ctx, getViewer(request), request.body),
  );

  app.put(
    '/api/calendar',
    { schema: { tags, querystring: calendarIdQuery, body: updateCalendarBody, response: { 200: calendar } } },
    (request) => service.updateCalendar(ctx, getViewer(request), request.query.calendarId, request.body),
  );

  app.put(
    '/api/calendar/settings',
    {
      schema: { tags, querystring: calendarIdQuery, body: calendarSettingsBody, response: { 200: calendar } },
    },
    (request) =>
      service.updateCalendarSettings(ctx, getViewer(request), request.query.calendarId, request.body),
  );

  app.delete('/api/calendar', { schema: { tags, querystring: calendarIdQuery } }, async (request, reply) => {
    await service.deleteCalendar(ctx, getViewer(request), request.query.calendarId);
    return reply.status(204).send();
  });
}
