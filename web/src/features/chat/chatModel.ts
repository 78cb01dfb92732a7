import type { ChatMessage, Conversation } from '@convene/contract';

/** The name a conversation shows: its own, the support thread's, else (a 1to1) the other person's. */
export function conversationTitle(
  conversation: Conversation,
  myId: string | undefined,
  supportTitle: string,
): string {
  if (conversation.name) return conversation.name;
  if (conversation.preferences.isSupportThread) return supportTitle;
  const other = conversation.participants.find((person) => person.userId !== myId);
  return other?.name ?? conversation.participants[0]?.name ?? '';
}

/** The picture a conversation shows: its photo, else (a 1to1) the other person's. */
export function conversationImage(conversation: Conversation, myId: string | undefined): string | null {
  if (conversation.photo) return conversation.photo;
  if (conversation.type !== '1to1') return null;
  return conversation.participants.find((person) => person.userId !== myId)?.imageLink ?? null;
}

/** The other person of a 1to1 (undefined for groups). */
export function otherParticipant(conversation: Conversation, myId: string | undefined) {
  if (conversation.type !== '1to1') return undefined;
  return conversation.participants.find((person) => person.userId !== myId);
}

/** A message not yet confirmed by the server: shown at once, marked when the send failed. */
export interface PendingMessage {
  clientKey: string;
  message: string | null;
  media: string | null;
  createdDate: string;
  status: 'sending' | 'error';
}

/** A fresh client key for an optimistic send (a retry reuses it, so the server stores one message). */
export function newClientKey(): string {
  return `web-${crypto.randomUUID()}`;
}

/** One row of the conversation: a day header, a system chip, or a message (first of its group or not). */
export type MessageRow =
  | { kind: 'day'; key: string; day: string }
  | { kind: 'system'; key: string; message: ChatMessage }
  | {
      kind: 'message';
      key: string;
      message: ChatMessage | null;
      pending: PendingMessage | null;
      mine: boolean;
      /** The first of a run of one sender's messages: it shows the name. */
      startsGroup: boolean;
      text: string | null;
      media: string | null;
      createdDate: string;
      senderName: string;
    };

/** The local calendar day of an ISO time, as YYYY-MM-DD. */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * Server messages (any order, repeats allowed) and pending ones as rows, oldest first: a day
 * header where the local day changes, and groups of consecutive messages of one sender. A pending
 * message the server has already answered (same client key from me) is not shown twice. While
 * older messages remain to load (`hasOlder`), the oldest loaded day gets no header yet: it may
 * begin on a page above, and a header that stays first as that page arrives would pin the view to
 * the top instead of to the message being read.
 */
export function buildMessageRows(
  messages: readonly ChatMessage[],
  pending: readonly PendingMessage[],
  myId: string | undefined,
  { hasOlder = false }: { hasOlder?: boolean } = {},
): MessageRow[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of messages) byId.set(message.messageId, message);
  const sorted = [...byId.values()].sort((a, b) => a.seq - b.seq);
  const confirmedKeys = new Set(
    sorted.filter((m) => m.sender?.userId === myId && m.clientKey).map((m) => m.clientKey as string),
  );
  const rows: MessageRow[] = [];
  const oldest = sorted[0];
  let lastDay = hasOlder && oldest ? localDay(oldest.createdDate) : '';
  let lastSender: string | null = null;
  const addDay = (iso: string) => {
    const day = localDay(iso);
    if (day !== lastDay) {
      rows.push({ kind: 'day', key: `day-${day}`, day });
      lastDay = day;
      lastSender = null;
    }
  };
  for (const message of sorted) {
    addDay(message.createdDate);
    if (message.type === 'system' || !message.sender) {
      rows.push({ kind: 'system', key: message.messageId, message });
      lastSender = null;
      continue;
    }
    const senderId = message.sender.userId;
    rows.push({
      kind: 'message',
      key: message.messageId,
      message,
      pending: null,
      mine: senderId === myId,
      startsGroup: senderId !== lastSender,
      text: message.message,
      media: message.media,
      createdDate: message.createdDate,
      senderName: message.sender.name,
    });
    lastSender = senderId;
  }
  for (const item of pending) {
    if (confirmedKeys.has(item.clientKey)) continue;
    addDay(item.createdDate);
    rows.push({
      kind: 'message',
      key: item.clientKey,
      message: null,
      pending: item,
      mine: true,
      startsGroup: lastSender !== myId,
      text: item.message,
      media: item.media,
      createdDate: item.createdDate,
      senderName: '',
    });
    lastSender = myId ?? null;
  }
  return rows;
}

/** Which word names a day: 'today', 'yesterday', or null for a date. */
export function dayWord(day: string, now: Date): 'today' | 'yesterday' | null {
  if (day === localDay(now.toISOString())) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === localDay(yesterday.toISOString())) return 'yesterday';
  return null;
}

const schemePattern = /^[a-z][a-z0-9+.-]*:/i;

/** A link target as written, with http:// added when it names no scheme (spec §5). */
export function withScheme(href: string): string {
  if (href.startsWith('#') || href.startsWith('/')) return href;
  return schemePattern.test(href) ? href : `http://${href}`;
}

/** Only these schemes may be followed from a message; anything else is dropped. */
export function safeHref(href: string): string | undefined {
  const full = withScheme(href.trim());
  return /^(https?:|mailto:)/i.test(full) ? full : undefined;
}

/**
 * Participants in the spec's order (PRODUCT.md §2.4): me, then active, pending, blocked,
 * unavailable, each by name ignoring case; deleted ones dropped, repeats of a person removed.
 */
export function orderParticipants<
  P extends { userId: string | null; name: string; email: string | null; status: string; isBlocked: boolean },
>(people: readonly P[], myId: string | undefined): P[] {
  const seen = new Set<string>();
  const kept = people.filter((person) => {
    if (person.status === 'deleted') return false;
    const key = person.userId ?? `email:${person.email ?? person.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const rank = (person: P) => {
    if (person.userId !== null && person.userId === myId) return 0;
    if (person.status === 'unavailable') return 4;
    if (person.isBlocked) return 3;
    if (person.status === 'pending') return 2;
    return 1;
  };
  return kept.sort(
    (a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
  );
}

/** Contacts as the picker lists them: not already chosen or present, blocked ones last, by name. */
export function pickableContacts<C extends { userId: string; name: string; isBlocked: boolean }>(
  contacts: readonly C[],
  excluded: ReadonlySet<string>,
): C[] {
  return contacts
    .filter((contact) => !excluded.has(contact.userId))
    .sort(
      (a, b) =>
        Number(a.isBlocked) - Number(b.isBlocked) ||
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
    );
}

/** The contact search text: trimmed and lower-cased; '' below the 4-character minimum. */
export function contactQuery(text: string, minChars: number): string {
  const value = text.trim().toLowerCase();
  return value.length >= minChars ? value : '';
}

/** Whether a search text looks like an e-mail address (then it is an e-mail search). */
export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(text);
}
