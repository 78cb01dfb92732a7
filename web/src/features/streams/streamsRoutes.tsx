import type { RouteObject } from 'react-router';
import { lazySignedInScreen } from '../../components/lazyScreen.tsx';

const BroadcasterScreen = lazySignedInScreen(() =>
  import('./BroadcasterScreen.tsx').then((m) => m.BroadcasterScreen),
);
const ViewerScreen = lazySignedInScreen(() => import('./ViewerScreen.tsx').then((m) => m.ViewerScreen));

/** Live stream screens (PRODUCT.md §2.2): {event path}/stream, …/streams/{streamId}, …/watch/{streamId}. */
export const streamsRoutes: RouteObject[] = [
  { path: 'events/:slug/stream', element: <BroadcasterScreen /> },
  { path: 'events/:slug/streams/:streamId', element: <ViewerScreen /> },
  { path: 'events/:slug/watch/:streamId', element: <ViewerScreen /> },
];
