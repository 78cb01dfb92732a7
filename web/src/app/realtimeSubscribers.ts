import type { RealtimeSubscriber } from '../api/RealtimeProvider.tsx';
import { subscribeActivityRefresh } from '../features/activity/activityRealtime.ts';
import { subscribeChatRealtime } from '../features/chat/chatRealtime.ts';

/**
 * What features do with the socket beyond the query invalidations of api/realtime.ts. Loaded with
 * the socket (App.tsx), not with the first page (issue 12).
 */
export const realtimeSubscribers: readonly RealtimeSubscriber[] = [
  subscribeActivityRefresh,
  subscribeChatRealtime,
];
