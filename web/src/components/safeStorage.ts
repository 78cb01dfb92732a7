/**
 * The one way the app reaches the browser's localStorage and sessionStorage. Browsers may refuse
 * storage: a third-party frame under Chromium's default blocking (even reading the
 * `sessionStorage` property throws "Access is denied"), private modes, a full quota. A refused
 * read or write must not stop the app, so each store falls back to memory: what the browser
 * refused to keep lives for this page only, and reads find it there first.
 */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Empties the store (the browser's part and the memory part). */
  clear(): void;
}

/**
 * A store over the browser storage `open` answers (read each time: the property itself may
 * throw), keeping in memory whatever the browser refused.
 */
export function guardedStorage(open: () => Storage): SafeStorage {
  const refused = new Map<string, string>();
  const attempt = <T>(act: (storage: Storage) => T): { ok: true; value: T } | { ok: false } => {
    try {
      return { ok: true, value: act(open()) };
    } catch {
      return { ok: false };
    }
  };
  return {
    getItem(key) {
      if (refused.has(key)) return refused.get(key) ?? null;
      const read = attempt((storage) => storage.getItem(key));
      return read.ok ? read.value : null;
    },
    setItem(key, value) {
      if (attempt((storage) => storage.setItem(key, value)).ok) refused.delete(key);
      else refused.set(key, value);
    },
    removeItem(key) {
      refused.delete(key);
      attempt((storage) => storage.removeItem(key));
    },
    clear() {
      refused.clear();
      attempt((storage) => storage.clear());
    },
  };
}

/** The browser's localStorage (kept across tabs and visits), or memory where it is refused. */
export const localStore = guardedStorage(() => globalThis.localStorage);

/** This tab's sessionStorage, or memory where it is refused (a third-party frame, say). */
export const sessionStore = guardedStorage(() => globalThis.sessionStorage);
