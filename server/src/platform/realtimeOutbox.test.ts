import { describe, expect, it } from 'vitest';
import type { RealtimeEnvelope } from './realtime.ts';
import { toBroadcasts } from './realtimeOutbox.ts';

const calendar = (userId: string, calendarId: string): RealtimeEnvelope => ({
  userId,
  message: 'calendar',
  payload: { calendarId, lastActionType: 'update' },
});

/** Each user's messages, in the order the broadcasts deliver them. */
const perUser = (broadcasts: ReturnType<typeof toBroadcasts>) => {
  const seen = new Map<string, string[]>();
  for (const broadcast of broadcasts) {
    for (const userId of broadcast.userIds) {
      seen.set(userId, [...(seen.get(userId) ?? []), JSON.stringify(broadcast.payload)]);
    }
  }
  return seen;
};

describe('toBroadcasts', () => {
  it('folds the same message to many users into one row', () => {
    const envelopes = Array.from({ length: 500 }, (_, index) => calendar(`u${index}`, 'c1'));
    const broadcasts = toBroadcasts(envelopes);
    expect(broadcasts).toHaveLength(1);
    expect(broadcasts[0]).toEqual({
      userIds: envelopes.map((envelope) => envelope.userId),
      message: 'calendar',
      payload: { calendarId: 'c1', lastActionType: 'update' },
    });
  });

  it('keeps different payloads apart, and a user named twice for the same message gets it once', () => {
    const broadcasts = toBroadcasts([calendar('a', 'c1'), calendar('b', 'c2'), calendar('a', 'c1')]);
    expect(broadcasts.map((broadcast) => [broadcast.userIds, broadcast.payload])).toEqual([
      [['a'], { calendarId: 'c1', lastActionType: 'update' }],
      [['b'], { calendarId: 'c2', lastActionType: 'update' }],
    ]);
  });

  it("never reorders a user's messages: an envelope joins an earlier row only if the user has no later one", () => {
    const envelopes = [calendar('b', 'Y'), calendar('a', 'X'), calendar('a', 'Y'), calendar('c', 'X')];
    const broadcasts = toBroadcasts(envelopes);
    const order = perUser(broadcasts);
    expect(order.get('a')).toEqual([
      JSON.stringify(envelopes[1]?.payload),
      JSON.stringify(envelopes[2]?.payload),
    ]);
    expect(order.get('b')).toEqual([JSON.stringify(envelopes[0]?.payload)]);
    expect(order.get('c')).toEqual([JSON.stringify(envelopes[3]?.payload)]);
    // 'a' could not join the first Y row (it has X after it), so Y is written twice; c joins X.
    expect(broadcasts.map((broadcast) => broadcast.userIds)).toEqual([['b'], ['a', 'c'], ['a']]);
  });
});
