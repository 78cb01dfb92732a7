import { describe, expect, it } from 'vitest';
import type { ConversationAccess } from './chat.access.ts';
import { conversationPolicy, participantPolicy, personPolicy } from './chat.policy.ts';

const now = new Date();
const conversation = (type: string, status = 'active') =>
  ({
    id: 'c',
    type,
    status,
    lastSeq: 0,
    createdAt: now,
    updatedAt: now,
  }) as ConversationAccess['conversation'];
const place = (role: string, status = 'active') =>
  ({
    id: role,
    conversationId: 'c',
    userId: role,
    role,
    status,
    muted: false,
    hidden: false,
    lastReadSeq: 0,
  }) as ConversationAccess['participant'];
const access = (type: string, role: string, extra: Partial<ConversationAccess> = {}): ConversationAccess => ({
  conversation: conversation(type),
  participant: place(role),
  other: null,
  ...extra,
});

describe('chat policy (PRODUCT.md §2.6)', () => {
  it('gives each role of a group its abilities', () => {
    expect(conversationPolicy.abilities(access('group', 'owner'))).toEqual({
      send: true,
      editInfo: true,
      manageParticipants: true,
      leave: false,
      mute: true,
      hide: true,
      deleteForAll: true,
    });
    expect(conversationPolicy.abilities(access('group', 'admin'))).toEqual({
      send: true,
      editInfo: true,
      manageParticipants: true,
      leave: true,
      mute: true,
      hide: true,
      deleteForAll: false,
    });
    expect(conversationPolicy.abilities(access('group', 'participant'))).toEqual({
      send: true,
      editInfo: false,
      manageParticipants: false,
      leave: true,
      mute: true,
      hide: true,
      deleteForAll: false,
    });
  });

  it('keeps a 1to1 without group actions, and silent while a block stands either way', () => {
    const free = access('1to1', 'participant', {
      other: { userId: 'o', blockedByViewer: false, blocksViewer: false },
    });
    expect(conversationPolicy.abilities(free)).toMatchObject({
      send: true,
      editInfo: false,
      leave: false,
      deleteForAll: false,
    });
    for (const other of [
      { userId: 'o', blockedByViewer: true, blocksViewer: false },
      { userId: 'o', blockedByViewer: false, blocksViewer: true },
    ]) {
      expect(conversationPolicy.check(access('1to1', 'participant', { other }), 'send')).toEqual({
        message: 'chat.errors.blockedPrivateMessages',
        field: undefined,
      });
    }
  });

  it('gives a support thread no actions, only sending', () => {
    const support = {
      ...access('1to1', 'participant'),
      conversation: { ...conversation('1to1'), isSupportThread: true },
    };
    expect(conversationPolicy.abilities(support)).toEqual({
      send: true,
      editInfo: false,
      manageParticipants: false,
      leave: false,
      mute: false,
      hide: false,
      deleteForAll: false,
    });
  });

  it('refuses writing in an unavailable conversation', () => {
    const gone = {
      ...access('calendar', 'participant'),
      conversation: conversation('calendar', 'unavailable'),
    };
    expect(conversationPolicy.abilities(gone)).toMatchObject({ send: false, mute: false });
  });

  it('never lets anyone remove or change the owner, nor promote a blocked or unavailable person', () => {
    const admin = access('group', 'admin');
    expect(
      participantPolicy.can({ access: admin, target: place('owner'), targetIsBlocked: false }, 'remove'),
    ).toBe(false);
    expect(
      participantPolicy.can({ access: admin, target: place('owner'), targetIsBlocked: false }, 'changeRole'),
    ).toBe(false);
    expect(
      participantPolicy.can(
        { access: admin, target: place('participant'), targetIsBlocked: true },
        'changeRole',
      ),
    ).toBe(false);
    expect(
      participantPolicy.can(
        { access: admin, target: place('participant', 'unavailable'), targetIsBlocked: false },
        'changeRole',
      ),
    ).toBe(false);
    expect(
      participantPolicy.abilities({ access: admin, target: place('participant'), targetIsBlocked: false }),
    ).toEqual({
      remove: true,
      changeRole: true,
      block: true,
    });
    const plain = access('group', 'participant');
    expect(
      participantPolicy.abilities({ access: plain, target: place('admin'), targetIsBlocked: false }),
    ).toEqual({
      remove: false,
      changeRole: false,
      block: true,
    });
  });

  it('lets anyone block another available person once, never a pending place or an unavailable person', () => {
    const plain = access('group', 'participant');
    const target = (extra: Partial<ConversationAccess['participant']>) => ({
      access: plain,
      target: { ...place('other'), ...extra },
      targetIsBlocked: false,
    });
    expect(participantPolicy.can(target({}), 'block')).toBe(true);
    expect(participantPolicy.can({ ...target({}), targetIsBlocked: true }, 'block')).toBe(false);
    expect(participantPolicy.can(target({ userId: 'participant' }), 'block')).toBe(false);
    expect(participantPolicy.can(target({ userId: null, status: 'pending' }), 'block')).toBe(false);
    expect(participantPolicy.can(target({ status: 'unavailable' }), 'block')).toBe(false);
    // A blocked person can still be removed by an admin, not promoted.
    expect(
      participantPolicy.abilities({
        access: access('group', 'admin'),
        target: place('other'),
        targetIsBlocked: true,
      }),
    ).toEqual({ remove: true, changeRole: false, block: false });
  });

  it('honours canCreateChat and blocks when starting chats, and refuses blocking oneself or twice', () => {
    const viewer = { id: 'v', canCreateChat: true, status: 'active' };
    const base = { viewer, targetId: 't', targetIsBlocked: false, blockedEitherWay: false };
    expect(personPolicy.abilities(base)).toEqual({
      createChat: true,
      startDirect: true,
      addPeople: true,
      mailInvitation: true,
      block: true,
    });
    expect(personPolicy.abilities({ ...base, viewer: { ...viewer, canCreateChat: false } })).toMatchObject({
      createChat: false,
      startDirect: false,
      mailInvitation: false,
    });
    expect(personPolicy.check({ ...base, blockedEitherWay: true }, 'startDirect')?.message).toBe(
      'chat.errors.cannotChatBlocked',
    );
    expect(personPolicy.can({ ...base, targetId: 'v' }, 'block')).toBe(false);
    expect(personPolicy.can({ ...base, targetIsBlocked: true }, 'block')).toBe(false);
  });

  it('keeps people a block separates out of each other’s groups, with the same words either way', () => {
    const base = {
      viewer: { id: 'v', canCreateChat: true, status: 'active' },
      targetId: '',
      targetIsBlocked: false,
      blockedEitherWay: true,
    };
    expect(personPolicy.check(base, 'addPeople')).toEqual({
      message: 'chat.errors.cannotChatBlocked',
      field: 'users',
    });
    expect(personPolicy.can({ ...base, blockedEitherWay: false }, 'addPeople')).toBe(true);
  });

  it('lets only a confirmed account mail invitations', () => {
    const base = { targetId: '', targetIsBlocked: false, blockedEitherWay: false };
    const unconfirmed = { ...base, viewer: { id: 'v', canCreateChat: true, status: 'pending' } };
    expect(personPolicy.check(unconfirmed, 'mailInvitation')).toEqual({
      message: 'chat.errors.confirmToInvite',
      field: 'email',
    });
    expect(personPolicy.can(unconfirmed, 'createChat')).toBe(true);
  });
});
