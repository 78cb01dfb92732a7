/** A debounced action: `call` (re)starts the wait, `cancel` drops a pending run. */
export interface Debounced {
  call: () => void;
  cancel: () => void;
}

/**
 * Runs action once, delayMs after the last of a burst of calls (activity refresh, chat read);
 * with maxWaitMs, a burst that never pauses still runs it at least that often.
 */
export function createDebounced(
  action: () => void,
  delayMs: number,
  maxWaitMs = Number.POSITIVE_INFINITY,
): Debounced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let burstStart = 0;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const call = () => {
    const now = Date.now();
    if (timer === null) burstStart = now;
    cancel();
    timer = setTimeout(
      () => {
        timer = null;
        action();
      },
      Math.max(0, Math.min(delayMs, burstStart + maxWaitMs - now)),
    );
  };
  return { call, cancel };
}
