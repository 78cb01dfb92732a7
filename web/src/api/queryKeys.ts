/** TanStack Query keys, one place so realtime invalidations and hooks agree. */
export const queryKeys = {
  config: ['config'] as const,
  account: ['account'] as const,
  /** Whether a mailed password-reset link can still be used (its token). */
  resetLink: (token: string) => ['resetLink', token] as const,
  /** Everything of the activity feed: both tabs' lists and the unread count. */
  activity: ['activity'] as const,
  /** Both tabs of the activity feed. */
  activityFeeds: ['activity', 'feed'] as const,
  /** One tab of the activity feed (every page loaded of it). */
  activityFeed: (tab: 'notifications' | 'requests') => ['activity', 'feed', tab] as const,
  /** The viewer's unread notification count (the activity navigation dot). */
  activityUnread: ['activity', 'unread'] as const,
  /** The viewer's calendar list. */
  calendarList: ['calendars', 'list'] as const,
  /** One calendar as the viewer sees it. */
  calendar: (calendarId: string) => ['calendars', 'detail', calendarId] as const,
  /** The people of a calendar (every page and search of it). */
  calendarPeople: (calendarId: string) => ['calendars', 'people', calendarId] as const,
  /** People found to invite by a search text. */
  userSearch: (text: string) => ['userSearch', text] as const,
  /** Everything about events: agenda lists, one event, RSVPs, attendees. */
  events: ['events'] as const,
  /** Every agenda list (My events and each calendar's Events tab, every search). */
  eventLists: ['events', 'list'] as const,
  /** One agenda list: all the viewer's calendars (calendarId null) or one, with a search text. */
  eventList: (calendarId: string | null, q: string) => ['events', 'list', calendarId ?? 'all', q] as const,
  /** Every event detail query. */
  eventDetails: ['events', 'detail'] as const,
  /** One event (or occurrence) as the viewer sees it. */
  event: (eventId: string) => ['events', 'detail', eventId] as const,
  /** One live stream of an event (under the event, so the event's realtime messages refresh it). */
  stream: (eventId: string, streamId: string) => ['events', 'detail', eventId, 'stream', streamId] as const,
  /** Every 'my RSVP' query. */
  myRsvps: ['events', 'myRsvp'] as const,
  /** The viewer's own RSVP to an event. */
  myRsvp: (eventId: string) => ['events', 'myRsvp', eventId] as const,
  /** Every attendee list. */
  eventAttendeeLists: ['events', 'attendees'] as const,
  /** The attendees of an event (every page loaded). */
  eventAttendees: (eventId: string) => ['events', 'attendees', eventId] as const,
  /** The signed-in account's live sessions (profile screen). */
  sessions: ['sessions'] as const,
  /** Another user's profile as the viewer sees it (with the viewer's private note about them). */
  userProfile: (userId: string) => ['profile', userId] as const,
  /** Everything of the chat. */
  chat: ['chat'] as const,
  /** Every conversation list (each search text). */
  chatLists: ['chat', 'list'] as const,
  /** The conversation list for a search text ('' for all). */
  chatList: (q: string) => ['chat', 'list', q] as const,
  /** Every single conversation. */
  chatConversations: ['chat', 'conversation'] as const,
  /** One conversation as the viewer sees it. */
  chatConversation: (conversationId: string) => ['chat', 'conversation', conversationId] as const,
  /** The pages of a conversation's messages, newest first. */
  chatMessages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
  /** The message pages of every conversation. */
  chatMessagePages: ['chat', 'messages'] as const,
  /** Every participant list. */
  chatParticipantLists: ['chat', 'participants'] as const,
  /** The participants of a conversation (every page loaded). */
  chatParticipants: (conversationId: string) => ['chat', 'participants', conversationId] as const,
  /** Contacts found for a search text. */
  chatContacts: (q: string) => ['chat', 'contacts', q] as const,
};
