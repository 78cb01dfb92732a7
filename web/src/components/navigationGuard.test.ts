import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BrowserWindow, createGuardedHistory, type ShouldBlock } from './navigationGuard.tsx';

/**
 * A browser window's session history as the browser keeps it: entries with their state, pushState
 * and replaceState, and go(), whose popstate comes later (asynchronously), as in a browser.
 */
function fakeWindow(paths: string[], { numbered = true } = {}) {
  // The app's own entries carry their position (as the history writes it); a first visit has none.
  const entries = paths.map((url, idx) => ({
    url: new URL(url, 'http://app.test'),
    state: (numbered ? { idx } : null) as unknown,
  }));
  let at = entries.length - 1;
  const listeners = new Set<() => void>();
  let pending = 0;
  const current = () => entries[at] ?? { url: new URL('http://app.test/'), state: null };
  const win: BrowserWindow = {
    location: {
      origin: 'http://app.test',
      get href() {
        return current().url.href;
      },
      get pathname() {
        return current().url.pathname;
      },
      get search() {
        return current().url.search;
      },
      get hash() {
        return current().url.hash;
      },
    },
    history: {
      get state() {
        return current().state;
      },
      pushState: (state, _unused, url) => {
        entries.splice(at + 1, entries.length, { url: new URL(url, current().url), state });
        at += 1;
      },
      replaceState: (state, _unused, url) => {
        entries[at] = { url: url ? new URL(url, current().url) : current().url, state };
      },
      go: (delta) => {
        const target = at + delta;
        if (target < 0 || target >= entries.length) return;
        pending += 1;
        setTimeout(() => {
          pending -= 1;
          at = target;
          for (const listener of listeners) listener();
        }, 0);
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  /** Until every popstate under way, and those they started, has arrived. */
  const popped = async () => {
    while (pending > 0) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { win, address: () => `${current().url.pathname}${current().url.search}`, listeners, popped };
}

/** A guarded history at /profile/edit (after /profile), the paths the app saw, and the held retries. */
function setUp() {
  const browser = fakeWindow(['/profile', '/profile/edit']);
  const history = createGuardedHistory(browser.win);
  const seen: string[] = [];
  history.listen(({ action, location }) => seen.push(`${action} ${location.pathname}`));
  const retries: Array<() => void> = [];
  const block = (shouldBlock: ShouldBlock = () => true) =>
    history.block({ shouldBlock, onBlocked: (retry) => retries.push(retry) });
  return { browser, history, seen, retries, block };
}

describe('createGuardedHistory', () => {
  it('pushes and replaces entries of the browser, and follows its back button', async () => {
    const { browser, history, seen } = setUp();
    expect(history.location.pathname).toBe('/profile/edit');
    history.push('/calendars', { from: 'profile' });
    history.replace({ pathname: '/events', search: '?q=1' });
    expect(seen).toEqual(['PUSH /calendars', 'REPLACE /events']);
    expect(browser.address()).toBe('/events?q=1');
    expect(history.location.search).toBe('?q=1');
    history.push('/activity', { from: 'events' });
    history.go(-1);
    await browser.popped();
    expect(seen.at(-1)).toBe('POP /events');
    expect(browser.address()).toBe('/events?q=1');
    // The entry keeps its state: going forward again shows it.
    history.go(1);
    await browser.popped();
    expect(history.location).toMatchObject({ pathname: '/activity', state: { from: 'events' } });
    expect(history.createHref({ pathname: '/a', search: '?b=1', hash: '#c' })).toBe('/a?b=1#c');
    // Paths the router matches on are encoded, as the browser's own history gives them.
    expect(history.encodeLocation?.('/events/Herăstrău Park?q=a b')).toEqual({
      pathname: '/events/Her%C4%83str%C4%83u%20Park',
      search: '?q=a%20b',
      hash: '',
    });
    expect(history.createURL?.('/calendars').href).toBe('http://app.test/calendars');
  });

  it('holds a push until retried, asking with where it was and where it would go', () => {
    const { browser, history, seen, retries } = setUp();
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
    expect(browser.address()).toBe('/profile/edit');
    retries[0]?.();
    expect(seen).toEqual(['PUSH /profile']);
    expect(browser.address()).toBe('/profile');
  });

  it('lets through what the block does not hold, and everything once it is removed', () => {
    const { history, seen, block } = setUp();
    const unblock = block(({ nextLocation }) => nextLocation.pathname !== '/profile/edit');
    history.replace('/profile/edit?tab=1');
    expect(seen).toEqual(['REPLACE /profile/edit']);
    history.replace('/calendars');
    expect(seen).toEqual(['REPLACE /profile/edit']);
    unblock();
    history.push('/calendars');
    expect(seen).toEqual(['REPLACE /profile/edit', 'PUSH /calendars']);
  });

  it('undoes a held back step unseen, and takes it again on retry', async () => {
    const { browser, history, seen, retries, block } = setUp();
    block();
    history.go(-1);
    await browser.popped();
    expect(retries).toHaveLength(1);
    expect(seen).toEqual([]);
    expect(browser.address()).toBe('/profile/edit');
    expect(history.location.pathname).toBe('/profile/edit');
    retries[0]?.();
    await browser.popped();
    expect(seen).toEqual(['POP /profile']);
    expect(browser.address()).toBe('/profile');
  });

  it('holds a step of several entries and a forward step alike', async () => {
    const { browser, history, seen, retries, block } = setUp();
    history.push('/chat');
    history.push('/activity');
    const unblock = block();
    history.go(-2);
    await browser.popped();
    expect(browser.address()).toBe('/activity');
    retries[0]?.();
    await browser.popped();
    expect(browser.address()).toBe('/profile/edit');
    unblock();
    block();
    history.go(1);
    await browser.popped();
    expect(browser.address()).toBe('/profile/edit');
    expect(seen).toEqual(['PUSH /chat', 'PUSH /activity', 'POP /profile/edit']);
  });

  it('numbers a first visit, so that its back step can be held', async () => {
    const browser = fakeWindow(['/calendars'], { numbered: false });
    const history = createGuardedHistory(browser.win);
    expect(browser.win.history.state).toEqual({ idx: 0 });
    history.push('/calendar/create');
    history.block({ shouldBlock: () => true, onBlocked: () => {} });
    history.listen(() => {});
    history.go(-1);
    await browser.popped();
    expect(browser.address()).toBe('/calendar/create');
  });

  it('stops hearing the browser once the router stops listening', () => {
    const { browser, history } = setUp();
    const stop = history.listen(() => {});
    expect(browser.listeners.size).toBe(1);
    stop();
    expect(browser.listeners.size).toBe(0);
  });
});

describe('the router the app is built on', () => {
  it('uses only public, stable exports of react-router (no UNSAFE_ or unstable_ ones)', () => {
    const sourceDir = path.resolve(import.meta.dirname, '..');
    const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'),
    );
    expect(files.length).toBeGreaterThan(100);
    const imports = /import\s*\{([^}]*)\}\s*from\s*'react-router'/g;
    const marked = files.flatMap((file) =>
      [...readFileSync(path.join(sourceDir, file), 'utf8').matchAll(imports)].flatMap((match) =>
        (match[1] ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter((name) => /^(type\s+)?(UNSAFE_|unstable_)/.test(name))
          .map((name) => `${file}: ${name}`),
      ),
    );
    expect(marked).toEqual([]);
  });
});
