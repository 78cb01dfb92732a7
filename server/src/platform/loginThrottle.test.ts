import { describe, expect, it } from 'vitest';
import { accountSlowDownMs } from './loginThrottle.ts';

describe('accountSlowDownMs', () => {
  it('waits nothing below 10 failures, then 0.5 s more per failure, at most 5 s', () => {
    expect(accountSlowDownMs(0)).toBe(0);
    expect(accountSlowDownMs(9)).toBe(0);
    expect(accountSlowDownMs(10)).toBe(500);
    expect(accountSlowDownMs(11)).toBe(1000);
    expect(accountSlowDownMs(19)).toBe(5000);
    expect(accountSlowDownMs(500)).toBe(5000);
  });
});
