import { describe, expect, it } from 'vitest';
import { notFoundReason, notFoundState } from './notFoundState.ts';

describe('the reason carried to /404', () => {
  it('round-trips through navigation state and ignores anything else', () => {
    expect(notFoundReason(notFoundState('eventGone'))).toBe('eventGone');
    expect(notFoundReason(null)).toBeNull();
    expect(notFoundReason({ notFoundReason: 'other' })).toBeNull();
    expect(notFoundReason({ from: '/events' })).toBeNull();
  });
});
