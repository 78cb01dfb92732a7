/** A debounced action: `call` (re)starts the wait, `cancel` drops a pending run. */
export interface Debounced {
  call: () => void;
  cancel: () => void;
}

/** Runs action once, delayMs after the last of a burst of calls (activity refresh, chat read). */
export function createDebounced(action: () => void, delayMs: number): Debounced {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const call = () => {
    cancel();
    timer = setTimeout(() => {
      timer = null;
      action();
    }, delayMs);
  };
  return { call, cancel };
}
