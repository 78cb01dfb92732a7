import type { RouteObject } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Chat screens: the conversation list and one conversation. */
export const chatRoutes: RouteObject[] = [
  { path: 'chat', element: <ComingSoon page="chat" /> },
  { path: 'chat/conversation/:conversationId', element: <ComingSoon page="conversation" /> },
];
