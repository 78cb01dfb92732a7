import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { guardHistory, type ShouldBlock } from './navigationGuard.tsx';

/** A guarded history at /profile/edit (after /profile), the paths the app saw, and the held retries. */
function setUp() {
  const memory = createMemoryHistory({ initialEntries: ['/profile', '/profile/edit'], v5Compat: true });
  const history = guardHistory(memory);
  const seen: string[] = [];
  history.listen(({ location }) => seen.push(location.pathname));
  const retries: Array<() => void> = [];
  const block = (shouldBlock: ShouldBlock = () => true) =>
    history.block({ shouldBlock, onBlocked: (retry) => retries.push(retry) });
  return { memory, history, seen, retries, block };
}

describe('guardHistory', () => {
  it('lets every navigation through while nothing blocks', () => {
    const { history, seen } = setUp();
    history.push('/calendars');
    history.replace({ pathname: '/events', search: '?q=1' });
    expect(seen).toEqual(['/calendars', '/events']);
    expect(history.location.search).toBe('?q=1');
  });

  it('holds a push until retried, asking with where it was and where it would go', () => {
    const { history, seen, retries } = setUp();
    const asked: string[] = [];
    history.block({
      shouldBlock: ({ currentLocation, nextLocation }) => {
        asked.push(`${currentLocation.pathname} → ${nextLocation.pathname}`);
        return true;
      },
      onBlocked: (retry) => retries.push(retry),
    });
    history.push('/profile');
    expect(asked).toEqual(['/profile/edit → /profile']);
    expect(seen).toEqual([]);
    expect(history.location.pathname).toBe('/profile/edit');
    retries[0]?.();
    expect(seen).toEqual(['/profile']);
  });

  it('lets through what the block does not hold, and everything once it is removed', () => {
    const { history, seen, block } = setUp();
    const unblock = block(({ nextLocation }) => nextLocation.pathname !== '/profile/edit');
    history.replace('/profile/edit?tab=1');
    expect(seen).toEqual(['/profile/edit']);
    unblock();
    history.push('/calendars');
    expect(seen).toEqual(['/profile/edit', '/calendars']);
  });

  it('undoes a held back step, and takes it again on retry', () => {
    const { memory, history, seen, retries, block } = setUp();
    block();
    history.go(-1);
    expect(seen).toEqual([]);
    expect(memory.location.pathname).toBe('/profile/edit');
    retries[0]?.();
    expect(seen).toEqual(['/profile']);
    expect(memory.location.pathname).toBe('/profile');
  });
});
