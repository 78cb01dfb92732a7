import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import type { RealtimeSocket } from '../../api/realtime.ts';
import { createDebounced } from '../../components/debounce.ts';

/** Realtime refresh debounce of PRODUCT.md §2.9. */
const activityRefreshDelayMs = 500;

/**
 * Refreshes the feed and the unread count 500 ms after the last of a burst of `notification` and
 * `event` messages (PRODUCT.md §2.4). Answers the function that stops listening.
 */
export function subscribeActivityRefresh(socket: RealtimeSocket, queryClient: QueryClient): () => void {
  const refresh = createDebounced(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
  }, activityRefreshDelayMs);
  socket.on('notification', refresh.call);
  socket.on('event', refresh.call);
  return () => {
    refresh.cancel();
    socket.off('notification', refresh.call);
    socket.off('event', refresh.call);
  };
}
