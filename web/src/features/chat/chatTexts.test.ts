import { chatMessages } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import ro from '../../i18n/ro.json';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The chat's texts as PRODUCT.md gives them word for word (§2.2 Chat, §2.5, §2.8), by i18n key. */
const specTexts = {
  // The confirmations and their answers (ConversationActions, GroupInfoScreen: ConfirmDialog).
  'common.cancel': 'Cancel',
  'common.yes': 'Yes',
  'chat.confirm.delete': 'Are you sure you want to delete this conversation?',
  'chat.confirm.leave': 'Are you sure you want to leave this conversation?',
  'chat.confirm.block': 'Are you sure you want to block this user?',
  'chat.confirm.remove': 'Are you sure you want to remove this participant from the conversation?',
  // Errors and refusals.
  'chat.composer.notSent': 'Error! Message not sent!',
  'chat.media.unavailable': 'This attachment is not available.',
  [chatMessages.groupNameRequired]: 'Group name is mandatory',
  [chatMessages.onlyAdmins]: 'Only admins can edit group information',
  [chatMessages.cannotChatBlocked]: 'You cannot chat with a blocked user.',
  [chatMessages.blockedPrivateMessages]:
    'This person is blocked. You cannot send private messages to this person.',
  // The screens' words, hints and empty states.
  'chat.list.search': 'Search',
  'chat.list.noResults': 'No results',
  'chat.list.pullToRefresh': 'Pull down to refresh',
  'chat.list.releaseToRefresh': 'Release to refresh',
  'chat.list.newChat': 'New Chat',
  'chat.list.empty': "Looks like you haven't started any chats yet. All your conversations will show up here",
  'chat.composer.placeholder': 'Type a message',
  'chat.composer.attachVideo': 'Video',
  'chat.composer.attachPhoto': 'Photo',
  'chat.actions.mute': 'Mute',
  'chat.actions.unmute': 'Unmute',
  'chat.actions.leave': 'Leave Group',
  'chat.actions.block': 'Block User',
  'chat.new.title': 'Start New Conversation',
  'chat.new.addTitle': 'Add New Participants',
  'chat.new.start': 'Start Conversation',
  'chat.new.hintEmail': 'Please type in an email address to invite to Chat.',
  'chat.new.hintMinChars': 'Make sure you have at least 4 characters to see suggestions',
  'chat.participants.add': 'Add new participant',
  'chat.participants.blocked': 'Blocked',
  'chat.participants.invitationSent': 'Invitation sent',
  'chat.participants.remove': 'Remove',
  'chat.participants.makeAdmin': 'Make Admin',
  'chat.participants.dismissAdmin': 'Dismiss as Admin',
  'chat.participants.block': 'Block',
} as const;

describe('chat texts', () => {
  it('are the spec’s words exactly, in English', () => {
    for (const [key, text] of Object.entries(specTexts)) expect(lookup(en, key), key).toBe(text);
  });

  it('are translated into Romanian, confirmations and errors included', () => {
    for (const key of Object.keys(specTexts)) {
      expect(lookup(ro, key), key).toBeTruthy();
      expect(lookup(ro, key), key).not.toBe(lookup(en, key));
    }
    expect(lookup(ro, 'common.cancel')).toBe('Anulează');
    expect(lookup(ro, 'common.yes')).toBe('Da');
  });

  it('translate every refusal of the chat contract', () => {
    for (const key of Object.values(chatMessages)) {
      expect(lookup(en, key), key).toBeTruthy();
      expect(lookup(ro, key), key).toBeTruthy();
    }
  });
});
