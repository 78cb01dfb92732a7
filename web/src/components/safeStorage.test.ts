import { describe, expect, it } from 'vitest';
import { guardedStorage } from './safeStorage.ts';

/** A Storage over a Map, as the browser's; `refuseWrites` makes it answer as a full quota does. */
function mapStorage(options: { refuseWrites?: boolean } = {}): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (options.refuseWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, String(value));
    },
  };
}

/** What reading `window.sessionStorage` does in a third-party frame under Chromium's blocking. */
const denied = (): Storage => {
  throw new DOMException(
    "Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.",
    'SecurityError',
  );
};

describe('the guarded storage', () => {
  it("keeps values in the browser's storage when it answers", () => {
    const browser = mapStorage();
    const store = guardedStorage(() => browser);
    store.setItem('a', '1');
    expect(browser.items.get('a')).toBe('1');
    expect(store.getItem('a')).toBe('1');
    store.removeItem('a');
    expect(store.getItem('a')).toBeNull();
    store.setItem('b', '2');
    store.clear();
    expect(browser.items.size).toBe(0);
  });

  it('keeps values in memory for the page when the browser denies the storage itself', () => {
    const store = guardedStorage(denied);
    expect(store.getItem('convene.account')).toBeNull();
    store.setItem('convene.account', '{"userId":"u1"}');
    expect(store.getItem('convene.account')).toBe('{"userId":"u1"}');
    store.removeItem('convene.account');
    expect(store.getItem('convene.account')).toBeNull();
    store.setItem('x', '1');
    store.clear();
    expect(store.getItem('x')).toBeNull();
  });

  it('keeps in memory only what the browser refused to write, and reads it first', () => {
    const browser = mapStorage({ refuseWrites: true });
    browser.items.set('kept', 'from an earlier visit');
    const store = guardedStorage(() => browser);
    expect(store.getItem('kept')).toBe('from an earlier visit');
    store.setItem('kept', 'newer');
    expect(store.getItem('kept')).toBe('newer');
    expect(browser.items.get('kept')).toBe('from an earlier visit');
    store.removeItem('kept');
    expect(store.getItem('kept')).toBeNull();
    expect(browser.items.has('kept')).toBe(false);
  });
});
