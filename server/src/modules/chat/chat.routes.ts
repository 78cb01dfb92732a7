import {
  addParticipantsBody,
  chatContact,
  chatInvitationAnswer,
  chatInvitationQuery,
  chatLimits,
  chatMessage,
  chatParticipant,
  contactSearchQuery,
  conversation,
  conversationIdParams,
  conversationListQuery,
  createConversationBody,
  messageListQuery,
  muteAnswer,
  participantListQuery,
  participantParams,
  participantRoleBody,
  sendMessageBody,
  updateConversationBody,
  userIdParams,
} from '@convene/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { getViewer, perAccountRateLimit } from '../../platform/http.ts';
import * as contacts from './contacts.service.ts';
import { createConversation } from './conversations.create.ts';
import * as conversations from './conversations.service.ts';
import * as invitations from './invitations.service.ts';
import * as messages from './messages.service.ts';
import * as participants from './participants.service.ts';

/** The chat API of PRODUCT.md §2.7 under /api: conversations, mute, participants, messages. */
export function registerChatRoutes(fastify: FastifyInstance, ctx: AppContext): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];
  const params = conversationIdParams;

  app.get(
    '/api/conversations',
    { schema: { tags, querystring: conversationListQuery, response: { 200: z.array(conversation) } } },
    (request) => conversations.listConversations(ctx, getViewer(request), request.query),
  );
  app.post(
    '/api/conversations',
    {
      config: { rateLimit: perAccountRateLimit(chatLimits.createsPerMinute, '1 minute') },
      schema: { tags, body: createConversationBody, response: { 200: conversation } },
    },
    (request) => createConversation(ctx, getViewer(request), request.body),
  );
  app.get(
    '/api/conversations/:conversationId',
    { schema: { tags, params, response: { 200: conversation } } },
    (request) => conversations.getConversation(ctx, getViewer(request), request.params.conversationId),
  );
  app.put(
    '/api/conversations/:conversationId',
    { schema: { tags, params, body: updateConversationBody, response: { 200: conversation } } },
    (request) =>
      conversations.updateConversation(ctx, getViewer(request), request.params.conversationId, request.body),
  );
  app.delete('/api/conversations/:conversationId', { schema: { tags, params } }, async (request, reply) => {
    await conversations.deleteConversation(ctx, getViewer(request), request.params.conversationId);
    return reply.status(204).send();
  });

  const mute = '/api/conversations/:conversationId/mute';
  app.get(mute, { schema: { tags, params, response: { 200: muteAnswer } } }, (request) =>
    conversations.getMute(ctx, getViewer(request), request.params.conversationId),
  );
  app.post(mute, { schema: { tags, params, response: { 200: muteAnswer } } }, (request) =>
    conversations.setMute(ctx, getViewer(request), request.params.conversationId, true),
  );
  app.delete(mute, { schema: { tags, params, response: { 200: muteAnswer } } }, (request) =>
    conversations.setMute(ctx, getViewer(request), request.params.conversationId, false),
  );

  const users = '/api/conversations/:conversationId/users';
  app.get(
    users,
    {
      schema: {
        tags,
        params,
        querystring: participantListQuery,
        response: { 200: z.array(chatParticipant) },
      },
    },
    (request) =>
      participants.listParticipants(ctx, getViewer(request), request.params.conversationId, request.query),
  );
  app.post(
    users,
    { schema: { tags, params, body: addParticipantsBody, response: { 200: z.array(chatParticipant) } } },
    (request) =>
      participants.addParticipants(
        ctx,
        getViewer(request),
        request.params.conversationId,
        request.body.users,
      ),
  );
  app.put(
    `${users}/:userId`,
    {
      schema: {
        tags,
        params: participantParams,
        body: participantRoleBody,
        response: { 200: chatParticipant },
      },
    },
    (request) =>
      participants.changeRole(
        ctx,
        getViewer(request),
        request.params.conversationId,
        request.params.userId,
        request.body.role,
      ),
  );
  app.delete(`${users}/:userId`, { schema: { tags, params: participantParams } }, async (request, reply) => {
    await participants.removeParticipant(
      ctx,
      getViewer(request),
      request.params.conversationId,
      request.params.userId,
    );
    return reply.status(204).send();
  });

  const messagesUrl = '/api/conversations/:conversationId/messages';
  app.get(
    messagesUrl,
    { schema: { tags, params, querystring: messageListQuery, response: { 200: z.array(chatMessage) } } },
    (request) => messages.listMessages(ctx, getViewer(request), request.params.conversationId, request.query),
  );
  app.post(
    messagesUrl,
    {
      config: { rateLimit: perAccountRateLimit(chatLimits.sendsPerMinute, '1 minute') },
      schema: { tags, params, body: sendMessageBody, response: { 200: chatMessage } },
    },
    (request) => messages.sendMessage(ctx, getViewer(request), request.params.conversationId, request.body),
  );

  app.get(
    '/api/users',
    {
      config: { rateLimit: perAccountRateLimit(chatLimits.contactSearchesPerMinute, '1 minute') },
      schema: { tags, querystring: contactSearchQuery, response: { 200: z.array(chatContact) } },
    },
    (request) => contacts.searchContacts(ctx, getViewer(request), request.query),
  );
  app.get(
    '/api/users/invitations',
    {
      config: { rateLimit: perAccountRateLimit(60, '1 minute') },
      schema: { tags, querystring: chatInvitationQuery, response: { 200: chatInvitationAnswer } },
    },
    (request) => invitations.inviteByEmail(ctx, getViewer(request), request.query.email),
  );
  app.get('/api/users/blocks', { schema: { tags, response: { 200: z.array(chatContact) } } }, (request) =>
    contacts.listBlocks(ctx, getViewer(request)),
  );
  app.post('/api/users/:userId/block', { schema: { tags, params: userIdParams } }, async (request, reply) => {
    await contacts.blockUser(ctx, getViewer(request), request.params.userId);
    return reply.status(204).send();
  });
  app.delete(
    '/api/users/:userId/block',
    { schema: { tags, params: userIdParams } },
    async (request, reply) => {
      await contacts.unblockUser(ctx, getViewer(request), request.params.userId);
      return reply.status(204).send();
    },
  );
}
