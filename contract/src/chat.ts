import { z } from 'zod';
import { emailField } from './auth.ts';
import { chatMediaUrlPattern, mediaUrlPattern } from './media.ts';

/** i18n keys of the chat's validation and refusal texts (PRODUCT.md §2.5, §2.6, §1.7). */
export const chatMessages = {
  groupNameRequired: 'chat.errors.groupNameRequired',
  groupNameTooLong: 'chat.errors.groupNameTooLong',
  descriptionTooLong: 'chat.errors.descriptionTooLong',
  messageRequired: 'chat.errors.messageRequired',
  messageTooLong: 'chat.errors.messageTooLong',
  mediaInvalid: 'chat.errors.mediaInvalid',
  photoInvalid: 'chat.errors.photoInvalid',
  oneRecipient: 'chat.errors.oneRecipient',
  usersRequired: 'chat.errors.usersRequired',
  /** 'You cannot chat with a blocked user.' */
  cannotChatBlocked: 'chat.errors.cannotChatBlocked',
  /** 'This person is blocked. You cannot send private messages to this person.' */
  blockedPrivateMessages: 'chat.errors.blockedPrivateMessages',
  cannotCreateChat: 'chat.errors.cannotCreateChat',
  onlyAdmins: 'chat.errors.onlyAdmins',
  ownerUnchangeable: 'chat.errors.ownerUnchangeable',
  ownerCannotLeave: 'chat.errors.ownerCannotLeave',
  notAGroup: 'chat.errors.notAGroup',
  unavailable: 'chat.errors.unavailable',
  cannotBlockSelf: 'chat.errors.cannotBlockSelf',
  alreadyBlocked: 'chat.errors.alreadyBlocked',
  cannotPromote: 'chat.errors.cannotPromote',
  supportThread: 'chat.errors.supportThread',
  ownAddress: 'chat.errors.ownAddress',
  /** An unconfirmed account mails no invitations (anyone can register with any address). */
  confirmToInvite: 'chat.errors.confirmToInvite',
} as const;

/** Limits of the chat (PRODUCT.md §2.9; the message length is ours). */
export const chatLimits = {
  /** Page size of conversations, participants, messages and contacts. */
  pageSize: 20,
  groupNameMax: 40,
  descriptionMax: 200,
  /** Longest message text, in characters; stored as written. */
  messageMax: 4000,
  clientKeyMax: 100,
  /** People added in one call. */
  usersPerCall: 100,
  /** Contact search needs this many characters. */
  contactSearchMinChars: 4,
  /** Messages one account may send per minute, and conversations it may create (then 429). */
  sendsPerMinute: 60,
  createsPerMinute: 20,
  /** Contact searches one account may make per minute, as many as people searches (then 429). */
  contactSearchesPerMinute: 120,
} as const;

export const conversationTypes = ['1to1', 'group', 'calendar'] as const;
export type ConversationType = (typeof conversationTypes)[number];
export const chatRoles = ['owner', 'admin', 'participant'] as const;
export type ChatRole = (typeof chatRoles)[number];
export const participantStatuses = ['active', 'pending', 'unavailable', 'deleted'] as const;

const id = z.string().min(1).max(64);

/** A group name: required, with a word character, at most 40 characters. */
export const groupName = z
  .string({ error: chatMessages.groupNameRequired })
  .max(chatLimits.groupNameMax, { message: chatMessages.groupNameTooLong, abort: true })
  .refine((value) => /[\p{L}\p{N}_]/u.test(value), chatMessages.groupNameRequired);

const description = z.string().max(chatLimits.descriptionMax, chatMessages.descriptionTooLong);

/** A photo of our own uploads: /media/photos/…jpg (group photos are never videos). */
const ownPhotoUrl = (message: string) =>
  z.string({ error: message }).max(1000, { message, abort: true }).regex(mediaUrlPattern, message);

/** A message's media of our own uploads: a photo or a chat video (/media/videos/chat/…). */
const ownChatMediaUrl = (message: string) =>
  z.string({ error: message }).max(1000, { message, abort: true }).regex(chatMediaUrlPattern, message);

/** An ISO date-time (with offset) of a page snapshot. */
const snapshotTime = z
  .string()
  .max(40)
  .pipe(z.iso.datetime({ offset: true }));

/** Page parameters of every chat list: skip, limit (20), from (the snapshot of the first page). */
const page = {
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(chatLimits.pageSize),
};

/** GET /api/conversations?q&skip&limit&from: `from` is the first page's newest updatedDate. */
export const conversationListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  ...page,
  from: snapshotTime.optional(),
});

/** GET /api/conversations/{id}/users?skip&limit&from: `from` is the first page's time (ISO). */
export const participantListQuery = z.object({ ...page, from: snapshotTime.optional() });

/** GET /api/conversations/{id}/messages?skip&limit&from: `from` is the newest seq of the first page. */
export const messageListQuery = z.object({
  ...page,
  from: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
});

/** GET /api/users?q&skip&limit: contact search from 4 characters. */
export const contactSearchQuery = z.object({
  q: z.string().trim().toLowerCase().min(chatLimits.contactSearchMinChars).max(254),
  ...page,
});

/** POST /api/conversations: a 1to1 with one other person, or a named group. */
export const createConversationBody = z
  .object({
    type: z.enum(['1to1', 'group']),
    name: groupName.optional(),
    description: description.nullish(),
    photo: ownPhotoUrl(chatMessages.photoInvalid).nullish(),
    users: z.array(id).max(chatLimits.usersPerCall),
  })
  .superRefine((body, ctx) => {
    if (body.type === '1to1' && body.users.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['users'], message: chatMessages.oneRecipient });
    }
    if (body.type === 'group' && body.name === undefined) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: chatMessages.groupNameRequired });
    }
  });
export type CreateConversationBody = z.input<typeof createConversationBody>;

/** PUT /api/conversations/{id}: group info, any subset. */
export const updateConversationBody = z.object({
  name: groupName.optional(),
  description: description.nullish(),
  photo: ownPhotoUrl(chatMessages.photoInvalid).nullish(),
  color: z
    .string()
    .max(7, { abort: true })
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish(),
});
export type UpdateConversationBody = z.input<typeof updateConversationBody>;

/** POST /api/conversations/{id}/users */
export const addParticipantsBody = z.object({
  users: z.array(id).min(1, chatMessages.usersRequired).max(chatLimits.usersPerCall),
});

/** PUT /api/conversations/{id}/users/{userId} */
export const participantRoleBody = z.object({ role: z.enum(['admin', 'participant']) });

/** POST /api/conversations/{id}/messages: non-blank text or a media url, and a retry key. */
export const sendMessageBody = z
  .object({
    message: z.string().max(chatLimits.messageMax, chatMessages.messageTooLong).nullish(),
    media: ownChatMediaUrl(chatMessages.mediaInvalid).nullish(),
    clientKey: z.string().min(1).max(chatLimits.clientKeyMax),
  })
  .refine((body) => Boolean(body.message?.trim()) || Boolean(body.media), {
    path: ['message'],
    message: chatMessages.messageRequired,
  });
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const conversationIdParams = z.object({ conversationId: id });
export const participantParams = z.object({ conversationId: id, userId: id });
export const userIdParams = z.object({ userId: id });

/** A participant as a viewer sees them (PRODUCT.md §2.3). */
export const chatParticipant = z.object({
  /** Null for a pending place invited by e-mail. */
  userId: z.string().nullable(),
  name: z.string(),
  /** Shown as the person's privacy allows (always for a pending address). */
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
  status: z.enum(participantStatuses),
  /** The viewer has blocked this person. */
  isBlocked: z.boolean(),
  role: z.enum(chatRoles),
  /** What the viewer may do to this person, as the chat policy computes it (all false for oneself). */
  abilities: z.object({ remove: z.boolean(), changeRole: z.boolean(), block: z.boolean() }),
});
export type ChatParticipant = z.infer<typeof chatParticipant>;

/** A message (PRODUCT.md §2.3); `seq` is its position in the conversation (1, 2, 3 …). */
export const chatMessage = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  seq: z.number().int(),
  sender: z
    .object({
      userId: z.string(),
      name: z.string(),
      linkedEntity: z.object({ linkedTo: z.string().nullable() }),
    })
    .nullable(),
  /** 'message', or 'system' (a chip; `message` is then an i18n key and `data` its values). */
  type: z.enum(['message', 'system']),
  message: z.string().nullable(),
  media: z.string().nullable(),
  data: z.record(z.string(), z.string()).nullable(),
  status: z.literal('created'),
  clientKey: z.string().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** What the viewer may do with a conversation, as the server's chat policy computes it. */
export const conversationAbilities = z.object({
  send: z.boolean(),
  editInfo: z.boolean(),
  manageParticipants: z.boolean(),
  leave: z.boolean(),
  mute: z.boolean(),
  /** Delete from one's own list (until a new message); never a support thread. */
  hide: z.boolean(),
  deleteForAll: z.boolean(),
});
export type ConversationAbilities = z.infer<typeof conversationAbilities>;

/** A conversation as one viewer sees it (PRODUCT.md §2.3). */
export const conversation = z.object({
  conversationId: z.string(),
  type: z.enum(conversationTypes),
  name: z.string().nullable(),
  description: z.string().nullable(),
  photo: z.string().nullable(),
  status: z.enum(['active', 'unavailable']),
  preferences: z.object({ color: z.string().nullable(), isSupportThread: z.boolean() }),
  linkedEntity: z.object({ linkedTo: z.string().nullable() }),
  unreadCount: z.number().int(),
  lastMessage: chatMessage.nullable(),
  updatedDate: z.string(),
  muted: z.boolean(),
  role: z.enum(chatRoles),
  /** Both people of a 1to1; otherwise empty (page through /users). */
  participants: z.array(chatParticipant),
  abilities: conversationAbilities,
});
export type Conversation = z.infer<typeof conversation>;

/** GET/POST/DELETE /api/conversations/{id}/mute */
export const muteAnswer = z.object({ muted: z.boolean() });

/** One contact found by GET /api/users (PRODUCT.md §2.3 "Contact search result"). */
export const chatContact = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  imageLink: z.string().nullable(),
  isBlocked: z.boolean(),
});
export type ChatContact = z.infer<typeof chatContact>;

/** GET /api/users/invitations?email: invite a person by e-mail address. */
export const chatInvitationQuery = z.object({ email: emailField });

/**
 * The id that stands for the invited person in `users` of a new conversation or of added
 * participants: their account's id if the address has one, else the invitation's.
 */
export const chatInvitationAnswer = z.object({
  userId: z.string(),
  linkedEntity: z.object({ email: z.string() }),
});
export type ChatInvitationAnswer = z.infer<typeof chatInvitationAnswer>;

/** Realtime `conversations` actions (PRODUCT.md §2.4). */
export type ConversationAction =
  | 'created'
  | 'updated'
  | 'hidden'
  | 'deleted'
  | 'unhidden'
  | 'muted'
  | 'unmuted';
/** Realtime `users` actions (PRODUCT.md §2.4); 'unblocked' when a block is lifted. */
export type ChatUserAction = 'joined' | 'left' | 'updated_in_conversation' | 'blocked' | 'unblocked';
