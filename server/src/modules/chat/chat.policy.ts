import { type ConversationAbilities, chatMessages } from '@convene/contract';
import { definePolicy, unless } from '../../platform/policy.ts';
import type { ConversationAccess, ParticipantRow } from './chat.access.ts';

const isAdmin = (access: ConversationAccess) =>
  access.participant.role === 'admin' || access.participant.role === 'owner';
const isGroup = (access: ConversationAccess) => access.conversation.type === 'group';
const isAvailable = (access: ConversationAccess) => access.conversation.status !== 'unavailable';
/** A support thread has no actions menu (PRODUCT.md §2.2). */
const hasActions = (access: ConversationAccess) =>
  unless(!access.conversation.isSupportThread, chatMessages.supportThread);

/** Only admins (admin or owner) of a group manage it (PRODUCT.md §2.6). */
const groupAdmin = (access: ConversationAccess) =>
  unless(isGroup(access), chatMessages.notAGroup) ?? unless(isAdmin(access), chatMessages.onlyAdmins);

/** What a participant may do with a conversation they take part in (PRODUCT.md §2.6). */
export const conversationPolicy = definePolicy<ConversationAccess, keyof ConversationAbilities>({
  // A 1to1 carries no new messages while a block stands between its two people, either way.
  send: (access) =>
    unless(isAvailable(access), chatMessages.unavailable) ??
    unless(
      !access.other?.blockedByViewer && !access.other?.blocksViewer,
      chatMessages.blockedPrivateMessages,
    ),
  editInfo: (access) => groupAdmin(access) ?? unless(isAvailable(access), chatMessages.unavailable),
  manageParticipants: (access) => groupAdmin(access) ?? unless(isAvailable(access), chatMessages.unavailable),
  leave: (access) =>
    unless(isGroup(access), chatMessages.notAGroup) ??
    unless(access.participant.role !== 'owner', chatMessages.ownerCannotLeave),
  mute: (access) => hasActions(access) ?? unless(isAvailable(access), chatMessages.unavailable),
  hide: (access) => hasActions(access),
  deleteForAll: (access) =>
    unless(isGroup(access), chatMessages.notAGroup) ??
    unless(access.participant.role === 'owner', chatMessages.onlyAdmins),
});

/** An admin acting on another participant of the conversation. */
export interface ParticipantAccess {
  access: ConversationAccess;
  target: ParticipantRow;
  /** The acting viewer has blocked the target. */
  targetIsBlocked: boolean;
}

/** Blocking a person: never oneself, never twice. */
const mayBlock = (viewerId: string, targetId: string, targetIsBlocked: boolean) =>
  unless(viewerId !== targetId, chatMessages.cannotBlockSelf, 'userId') ??
  unless(!targetIsBlocked, chatMessages.alreadyBlocked, 'userId');

/**
 * What the viewer may do to another participant (PRODUCT.md §2.4, §2.6): admins remove people and
 * change roles; anyone blocks another available person. The presenter sends these abilities with
 * each other participant (none with oneself: one leaves through `leave`), so the web reads them.
 */
export const participantPolicy = definePolicy<ParticipantAccess, 'remove' | 'changeRole' | 'block'>({
  remove: ({ access, target }) =>
    conversationPolicy.check(access, 'manageParticipants') ??
    unless(target.role !== 'owner', chatMessages.ownerUnchangeable),
  // Blocked or unavailable participants cannot be made admin.
  changeRole: ({ access, target, targetIsBlocked }) =>
    conversationPolicy.check(access, 'manageParticipants') ??
    unless(target.role !== 'owner', chatMessages.ownerUnchangeable, 'role') ??
    unless(target.status === 'active' && !targetIsBlocked, chatMessages.cannotPromote, 'role'),
  // A pending place (no account yet) or an unavailable person cannot be blocked from the group.
  block: ({ access, target, targetIsBlocked }) =>
    unless(target.userId !== null && target.status !== 'unavailable', chatMessages.unavailable, 'userId') ??
    mayBlock(access.participant.userId ?? '', target.userId ?? '', targetIsBlocked),
});

/** Someone about to block, or to start a chat with, other people. */
export interface PersonAccess {
  viewer: { id: string; canCreateChat: boolean; status: string };
  targetId: string;
  /** The viewer has blocked the target. */
  targetIsBlocked: boolean;
  /** A block stands between the viewer and the target (or any of the people they bring in), either way. */
  blockedEitherWay: boolean;
}

const mayCreateChat = ({ viewer }: PersonAccess) =>
  unless(viewer.canCreateChat, chatMessages.cannotCreateChat);

/**
 * A block is one fact, whoever made it: neither person brings the other into a conversation. The
 * text is the same both ways, so the answer does not tell who blocked whom.
 */
const noBlockBetween = ({ blockedEitherWay }: PersonAccess) =>
  unless(!blockedEitherWay, chatMessages.cannotChatBlocked, 'users');

/** Starting chats, bringing people in, inviting addresses and blocking (PRODUCT.md §1.6, §1.7, §2.6). */
export const personPolicy = definePolicy<
  PersonAccess,
  'createChat' | 'startDirect' | 'addPeople' | 'mailInvitation' | 'block'
>({
  createChat: (access) => mayCreateChat(access),
  startDirect: (access) => mayCreateChat(access) ?? noBlockBetween(access),
  // Into a new group or one the viewer manages.
  addPeople: (access) => noBlockBetween(access),
  // Anyone can register with someone else's address, so an unconfirmed account mails no one.
  mailInvitation: (access) =>
    mayCreateChat(access) ?? unless(access.viewer.status === 'active', chatMessages.confirmToInvite, 'email'),
  block: ({ viewer, targetId, targetIsBlocked }) => mayBlock(viewer.id, targetId, targetIsBlocked),
});
