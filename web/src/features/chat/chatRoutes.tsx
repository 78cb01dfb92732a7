import { Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { lazySignedInScreen } from '../../components/lazyScreen.tsx';

const ChatLayout = lazySignedInScreen(() => import('./ChatLayout.tsx').then((m) => m.ChatLayout));
const ChatEmptyPane = lazySignedInScreen(() => import('./ChatLayout.tsx').then((m) => m.ChatEmptyPane));
const ConversationRoute = lazySignedInScreen(() =>
  import('./ConversationScreen.tsx').then((m) => m.ConversationRoute),
);
const NewConversationScreen = lazySignedInScreen(() =>
  import('./NewConversationScreen.tsx').then((m) => m.NewConversationScreen),
);
const GroupInfoScreen = lazySignedInScreen(() =>
  import('./GroupInfoScreen.tsx').then((m) => m.GroupInfoScreen),
);

/** The old forms (/conversations/…, /new) go to the chat's paths, keeping the query (calendarId). */
function ToChat({ suffix = '' }: { suffix?: string }) {
  const { conversationId } = useParams();
  const { search } = useLocation();
  const path = conversationId ? `/chat/conversation/${conversationId}${suffix}` : `/chat${suffix}`;
  return <Navigate to={`${path}${search}`} replace />;
}

/** Chat screens (PRODUCT.md §2.2 Chat): the list beside a conversation, its info, a new one. */
export const chatRoutes: RouteObject[] = [
  {
    path: 'chat',
    element: <ChatLayout />,
    children: [
      { index: true, element: <ChatEmptyPane /> },
      { path: 'conversation/:conversationId', element: <ConversationRoute /> },
      { path: 'conversation/:conversationId/details', element: <GroupInfoScreen /> },
      { path: 'new', element: <NewConversationScreen /> },
    ],
  },
  { path: 'conversations', element: <ToChat /> },
  { path: 'conversations/:conversationId', element: <ToChat /> },
  { path: 'conversations/:conversationId/details', element: <ToChat suffix="/details" /> },
  { path: 'new', element: <ToChat suffix="/new" /> },
];
