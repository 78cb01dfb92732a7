import type { ChatParticipant, Conversation } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { conversationActions } from './ConversationActions.tsx';
import { testConversation } from './chatTesting.ts';
import { participantOptions } from './GroupInfoScreen.tsx';

const base: Conversation = { ...testConversation('c'), name: 'G' };
const person = (extra: Partial<ChatParticipant>): ChatParticipant => ({
  userId: 'p',
  name: 'P',
  email: null,
  imageLink: null,
  status: 'active',
  isBlocked: false,
  role: 'participant',
  ...extra,
});

describe('conversationActions', () => {
  it('offers mute, leave and delete in a group; the owner cannot leave', () => {
    expect(conversationActions(base, 'me')).toEqual(['mute', 'leave', 'delete']);
    expect(conversationActions({ ...base, role: 'owner', muted: true }, 'me')).toEqual(['unmute', 'delete']);
  });

  it('offers Block User in a 1to1 unless the other is blocked; nothing for unavailable mute or support', () => {
    const direct: Conversation = {
      ...base,
      type: '1to1',
      participants: [person({ userId: 'me' }), person({ userId: 'other' })],
    };
    expect(conversationActions(direct, 'me')).toEqual(['mute', 'block', 'delete']);
    const blocked = {
      ...direct,
      participants: [person({ userId: 'me' }), person({ userId: 'other', isBlocked: true })],
    };
    expect(conversationActions(blocked, 'me')).toEqual(['mute', 'delete']);
    expect(conversationActions({ ...direct, status: 'unavailable' }, 'me')).toEqual(['block', 'delete']);
    expect(
      conversationActions({ ...direct, preferences: { color: null, isSupportThread: true } }, 'me'),
    ).toEqual([]);
  });
});

describe('participantOptions', () => {
  it('gives admins remove, the role toggle and block; others only block', () => {
    expect(participantOptions(person({}), true, 'me')).toEqual(['remove', 'makeAdmin', 'block']);
    expect(participantOptions(person({ role: 'admin' }), true, 'me')).toEqual([
      'remove',
      'dismissAdmin',
      'block',
    ]);
    expect(participantOptions(person({}), false, 'me')).toEqual(['block']);
  });

  it('never offers anything on oneself, never changes the owner, never blocks the blocked or unavailable', () => {
    expect(participantOptions(person({ userId: 'me' }), true, 'me')).toEqual([]);
    expect(participantOptions(person({ role: 'owner' }), true, 'me')).toEqual(['block']);
    expect(participantOptions(person({ isBlocked: true }), true, 'me')).toEqual(['remove']);
    expect(participantOptions(person({ status: 'unavailable' }), false, 'me')).toEqual([]);
  });
});
