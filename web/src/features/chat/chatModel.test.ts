import type { ChatMessage } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  buildMessageRows,
  contactQuery,
  dayWord,
  localDay,
  orderParticipants,
  pickableContacts,
  safeHref,
  withScheme,
} from './chatModel.ts';

let seq = 0;
function message(
  senderId: string | null,
  createdDate: string,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  seq += 1;
  return {
    messageId: `m${seq}`,
    conversationId: 'c1',
    seq,
    sender: senderId
      ? { userId: senderId, name: senderId.toUpperCase(), linkedEntity: { linkedTo: null } }
      : null,
    type: senderId ? 'message' : 'system',
    message: `text ${seq}`,
    media: null,
    data: null,
    status: 'created',
    clientKey: null,
    createdDate,
    updatedDate: createdDate,
    ...extra,
  };
}

describe('buildMessageRows', () => {
  it('orders by seq, drops repeats, adds day headers and groups consecutive senders', () => {
    const a1 = message('a', '2026-01-01T10:00:00');
    const a2 = message('a', '2026-01-01T10:01:00');
    const sys = message(null, '2026-01-01T10:02:00');
    const a3 = message('a', '2026-01-01T10:03:00');
    const b1 = message('b', '2026-01-02T09:00:00');
    const rows = buildMessageRows([b1, a3, sys, a2, a1, a2], [], 'a');
    expect(rows.map((row) => row.kind)).toEqual([
      'day',
      'message',
      'message',
      'system',
      'message',
      'day',
      'message',
    ]);
    const starts = rows.flatMap((row) => (row.kind === 'message' ? [row.startsGroup] : []));
    expect(starts).toEqual([true, false, true, true]);
    const mine = rows.flatMap((row) => (row.kind === 'message' ? [row.mine] : []));
    expect(mine).toEqual([true, true, true, false]);
  });

  it('gives the oldest loaded day no header while older messages remain to load', () => {
    const a1 = message('a', '2026-01-01T10:00:00');
    const b1 = message('b', '2026-01-02T09:00:00');
    const rows = buildMessageRows([a1, b1], [], 'a', { hasOlder: true });
    expect(rows.map((row) => row.key)).toEqual([a1.messageId, 'day-2026-01-02', b1.messageId]);
    expect(buildMessageRows([a1, b1], [], 'a').map((row) => row.kind)).toEqual([
      'day',
      'message',
      'day',
      'message',
    ]);
  });

  it('shows a pending message until the server answers its client key', () => {
    const pending = {
      clientKey: 'k1',
      message: 'hi',
      media: null,
      createdDate: '2026-01-01T11:00:00',
      status: 'error' as const,
    };
    const before = buildMessageRows([message('b', '2026-01-01T10:00:00')], [pending], 'a');
    expect(before.at(-1)).toMatchObject({ kind: 'message', pending, mine: true, startsGroup: true });
    const answered = message('a', '2026-01-01T11:00:01', { clientKey: 'k1', message: 'hi' });
    const after = buildMessageRows([answered], [pending], 'a');
    expect(after.filter((row) => row.kind === 'message')).toHaveLength(1);
    expect(after.at(-1)).toMatchObject({ pending: null, message: answered });
  });
});

describe('dayWord', () => {
  it('names today and yesterday, else none', () => {
    const now = new Date(2026, 4, 10, 12);
    expect(dayWord(localDay(now.toISOString()), now)).toBe('today');
    expect(dayWord(localDay(new Date(2026, 4, 9, 23).toISOString()), now)).toBe('yesterday');
    expect(dayWord(localDay(new Date(2026, 4, 8, 1).toISOString()), now)).toBeNull();
  });
});

describe('links', () => {
  it('adds http:// to scheme-less links and refuses script schemes', () => {
    expect(withScheme('example.com')).toBe('http://example.com');
    expect(withScheme('https://x.org')).toBe('https://x.org');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('www.x.org')).toBe('http://www.x.org');
  });
});

describe('orderParticipants', () => {
  const person = (userId: string | null, name: string, status = 'active', isBlocked = false) => ({
    userId,
    name,
    email: userId ? null : `${name}@x.org`,
    status,
    isBlocked,
  });

  it('puts me first, then active, pending, blocked, unavailable by name; drops deleted and repeats', () => {
    const ordered = orderParticipants(
      [
        person('u5', 'zed', 'unavailable'),
        person('u4', 'Bob', 'active', true),
        person(null, 'carol', 'pending'),
        person('u2', 'bea'),
        person('u3', 'Al'),
        person('me', 'Me'),
        person('u6', 'Gone', 'deleted'),
        person('u2', 'bea'),
      ],
      'me',
    );
    expect(ordered.map((p) => p.name)).toEqual(['Me', 'Al', 'bea', 'carol', 'Bob', 'zed']);
  });
});

describe('contact picking', () => {
  it('leaves out chosen people, sorts blocked last and by name, and trims and lower-cases the query', () => {
    const contacts = [
      { userId: 'a', name: 'zoe', isBlocked: false },
      { userId: 'b', name: 'Adam', isBlocked: true },
      { userId: 'c', name: 'bill', isBlocked: false },
      { userId: 'd', name: 'Ann', isBlocked: false },
    ];
    expect(pickableContacts(contacts, new Set(['d'])).map((c) => c.userId)).toEqual(['c', 'a', 'b']);
    expect(contactQuery('  ANNA@X.org ', 4)).toBe('anna@x.org');
    expect(contactQuery(' ab ', 4)).toBe('');
  });
});
