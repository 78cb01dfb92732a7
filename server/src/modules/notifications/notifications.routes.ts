import {
  deviceBody,
  markNotificationBody,
  notification,
  notificationHistory,
  notificationHistoryQuery,
  notificationTokenQuery,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer } from '../../platform/http.ts';
import { registerDevice, unregisterDevice } from './devices.service.ts';
import * as service from './notifications.service.ts';

/** The activity feed, answering requests, and Web Push devices (PRODUCT.md §2.7 Notifications). */
export function registerNotificationRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  app.get(
    '/api/notification/history',
    { schema: { tags, querystring: notificationHistoryQuery, response: { 200: notificationHistory } } },
    (request) => service.listHistory(ctx, getViewer(request).account.id, request.query),
  );

  app.put(
    '/api/notification/markAllAsRead',
    { schema: { tags, response: { 200: z.object({ unreadCount: z.literal(0) }) } } },
    async (request) => {
      await service.markAllAsRead(ctx, getViewer(request).account.id);
      return { unreadCount: 0 as const };
    },
  );

  app.put(
    '/api/notification',
    { schema: { tags, body: markNotificationBody, response: { 200: notification } } },
    (request) => service.markNotification(ctx, getViewer(request).account.id, request.body),
  );

  app.get(
    '/api/notification',
    { schema: { tags, querystring: notificationTokenQuery, response: { 200: notification } } },
    (request) => service.answerRequest(ctx, getViewer(request).account.id, request.query.token, 'accepted'),
  );

  app.delete(
    '/api/notification',
    { schema: { tags, querystring: notificationTokenQuery, response: { 200: notification } } },
    (request) => service.answerRequest(ctx, getViewer(request).account.id, request.query.token, 'rejected'),
  );

  app.post('/api/devices', { schema: { tags, body: deviceBody } }, async (request, reply) => {
    await registerDevice(ctx, getViewer(request).account.id, request.body.deviceToken);
    return reply.status(204).send();
  });

  app.delete('/api/devices', { schema: { tags, body: deviceBody } }, async (request, reply) => {
    await unregisterDevice(ctx, getViewer(request).account.id, request.body.deviceToken.endpoint);
    return reply.status(204).send();
  });
}
