import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../components/lazyScreen.tsx';

const ComingSoon = lazyScreen(() => import('../../components/ComingSoon.tsx').then((m) => m.ComingSoon));

/** Chat screens: the conversation list and one conversation. */
export const chatRoutes: RouteObject[] = [
  { path: 'chat', element: <ComingSoon page="chat" /> },
  { path: 'chat/conversation/:conversationId', element: <ComingSoon page="conversation" /> },
];
