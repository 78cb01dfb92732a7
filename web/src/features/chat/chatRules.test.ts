import type { ChatParticipant, Conversation } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { conversationActions } from './ConversationActions.tsx';
import { testConversation } from './chatTesting.ts';
import { participantOptions } from './GroupParticipants.tsx';

const base: Conversation = { ...testConversation('c'), name: 'G' };
const person = (extra: Partial<ChatParticipant>): ChatParticipant => ({
  userId: 'p',
  name: 'P',
  email: null,
  imageLink: null,
  status: 'active',
  isBlocked: false,
  role: 'participant',
  abilities: { remove: false, changeRole: false, block: true },
  ...extra,
});
const admin = { remove: true, changeRole: true, block: true };

describe('conversationActions', () => {
  it('offers mute, leave and delete in a group as the abilities say; the owner cannot leave', () => {
    expect(conversationActions(base, 'me')).toEqual(['mute', 'leave', 'delete']);
    const owner: Conversation = {
      ...base,
      role: 'owner',
      muted: true,
      abilities: { ...base.abilities, leave: false, deleteForAll: true },
    };
    expect(conversationActions(owner, 'me')).toEqual(['unmute', 'delete']);
  });

  it('offers Block User in a 1to1 unless the other is blocked; nothing for unavailable mute or support', () => {
    const direct: Conversation = {
      ...base,
      type: '1to1',
      abilities: { ...base.abilities, leave: false },
      participants: [person({ userId: 'me' }), person({ userId: 'other' })],
    };
    expect(conversationActions(direct, 'me')).toEqual(['mute', 'block', 'delete']);
    const blocked = {
      ...direct,
      participants: [
        person({ userId: 'me' }),
        person({
          userId: 'other',
          isBlocked: true,
          abilities: { remove: false, changeRole: false, block: false },
        }),
      ],
    };
    expect(conversationActions(blocked, 'me')).toEqual(['mute', 'delete']);
    expect(conversationActions({ ...direct, status: 'unavailable' }, 'me')).toEqual(['block', 'delete']);
    expect(
      conversationActions({ ...direct, preferences: { color: null, isSupportThread: true } }, 'me'),
    ).toEqual([]);
  });
});

describe('participantOptions', () => {
  it('offers what the server says the viewer may do, in menu order, the role toggle by role', () => {
    expect(participantOptions(person({ abilities: admin }))).toEqual(['remove', 'makeAdmin', 'block']);
    expect(participantOptions(person({ role: 'admin', abilities: admin }))).toEqual([
      'remove',
      'dismissAdmin',
      'block',
    ]);
    expect(participantOptions(person({}))).toEqual(['block']);
    expect(
      participantOptions(
        person({ isBlocked: true, abilities: { remove: true, changeRole: false, block: false } }),
      ),
    ).toEqual(['remove']);
    expect(
      participantOptions(person({ abilities: { remove: false, changeRole: false, block: false } })),
    ).toEqual([]);
  });
});
