import {
  type ChatMessage,
  type CreateConversationBody,
  type chatContact,
  type chatInvitationAnswer,
  chatLimits,
  type chatMessage,
  type chatParticipant,
  type conversation,
  type muteAnswer,
  type SendMessageBody,
  type UpdateConversationBody,
} from '@convene/contract';
import { type Answer, apiFetch, apiSend } from '../../api/client.ts';

const base = '/api/conversations';
const one = (conversationId: string) => `${base}/${encodeURIComponent(conversationId)}`;

/** GET /api/conversations: a page of the viewer's conversations, newest activity first. */
export function listConversations(page: { q?: string; skip: number; from?: string }, signal?: AbortSignal) {
  return apiFetch<Answer<typeof conversation>[]>(base, {
    query: { q: page.q || undefined, skip: page.skip, limit: chatLimits.pageSize, from: page.from },
    signal,
  });
}

export function getConversation(conversationId: string, signal?: AbortSignal) {
  return apiFetch<Answer<typeof conversation>>(one(conversationId), { signal });
}

export function createConversation(body: CreateConversationBody) {
  return apiFetch<Answer<typeof conversation>>(base, { method: 'POST', body });
}

export function updateConversation(conversationId: string, body: UpdateConversationBody) {
  return apiFetch<Answer<typeof conversation>>(one(conversationId), { method: 'PUT', body });
}

/** Deletes a group for everyone (its owner) or hides the conversation for the viewer. */
export function deleteConversation(conversationId: string) {
  return apiSend(one(conversationId), { method: 'DELETE' });
}

export function setMuted(conversationId: string, muted: boolean) {
  return apiFetch<Answer<typeof muteAnswer>>(`${one(conversationId)}/mute`, {
    method: muted ? 'POST' : 'DELETE',
  });
}

/** A page of messages, newest first in the answer's order as the server gives it. */
export function listMessages(
  conversationId: string,
  page: { skip: number; from?: number; limit?: number },
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  return apiFetch<Answer<typeof chatMessage>[]>(`${one(conversationId)}/messages`, {
    query: { skip: page.skip, limit: page.limit ?? chatLimits.pageSize, from: page.from },
    signal,
  });
}

export function sendMessage(conversationId: string, body: SendMessageBody) {
  return apiFetch<Answer<typeof chatMessage>>(`${one(conversationId)}/messages`, { method: 'POST', body });
}

export function listParticipants(
  conversationId: string,
  page: { skip: number; from?: string },
  signal?: AbortSignal,
) {
  return apiFetch<Answer<typeof chatParticipant>[]>(`${one(conversationId)}/users`, {
    query: { skip: page.skip, limit: chatLimits.pageSize, from: page.from },
    signal,
  });
}

export function addParticipants(conversationId: string, users: string[]) {
  return apiFetch<Answer<typeof chatParticipant>[]>(`${one(conversationId)}/users`, {
    method: 'POST',
    body: { users },
  });
}

export function setParticipantRole(conversationId: string, userId: string, role: 'admin' | 'participant') {
  return apiFetch<Answer<typeof chatParticipant>>(
    `${one(conversationId)}/users/${encodeURIComponent(userId)}`,
    {
      method: 'PUT',
      body: { role },
    },
  );
}

/** Removes a participant (an admin), or leaves (oneself). */
export function removeParticipant(conversationId: string, userId: string) {
  return apiSend(`${one(conversationId)}/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function searchContacts(q: string, skip: number, signal?: AbortSignal) {
  return apiFetch<Answer<typeof chatContact>[]>('/api/users', {
    query: { q, skip, limit: chatLimits.pageSize },
    signal,
  });
}

/** GET /api/users/invitations?email: the id that stands for a person invited by address. */
export function inviteByEmail(email: string) {
  return apiFetch<Answer<typeof chatInvitationAnswer>>('/api/users/invitations', { query: { email } });
}

export function blockUser(userId: string) {
  return apiSend(`/api/users/${encodeURIComponent(userId)}/block`, { method: 'POST' });
}
