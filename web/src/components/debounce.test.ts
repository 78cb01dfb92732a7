import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebounced } from './debounce.ts';

describe('createDebounced', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, the delay after the last call of a burst', () => {
    const action = vi.fn();
    const debounced = createDebounced(action, 500);
    debounced.call();
    vi.advanceTimersByTime(300);
    debounced.call();
    vi.advanceTimersByTime(300);
    debounced.call();
    vi.advanceTimersByTime(499);
    expect(action).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('with a maximum wait, runs during a burst that never pauses, then starts a new burst', () => {
    const action = vi.fn();
    const debounced = createDebounced(action, 1000, 5000);
    for (let elapsed = 0; elapsed < 4900; elapsed += 700) {
      debounced.call();
      vi.advanceTimersByTime(700);
    }
    expect(action).not.toHaveBeenCalled();
    debounced.call();
    vi.advanceTimersByTime(100);
    expect(action).toHaveBeenCalledTimes(1);
    debounced.call();
    vi.advanceTimersByTime(999);
    expect(action).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('runs again for a later burst', () => {
    const action = vi.fn();
    const debounced = createDebounced(action, 500);
    debounced.call();
    vi.advanceTimersByTime(500);
    debounced.call();
    vi.advanceTimersByTime(500);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('cancel drops a pending run', () => {
    const action = vi.fn();
    const debounced = createDebounced(action, 500);
    debounced.call();
    debounced.cancel();
    vi.advanceTimersByTime(1000);
    expect(action).not.toHaveBeenCalled();
  });
});
