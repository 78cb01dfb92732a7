import { useEffect } from 'react';
import { useUnreadCount } from '../features/activity/useActivity.ts';
import { useSession } from '../features/auth/useSession.ts';
import { postToHost } from '../features/embed/index.ts';
import type { NavItem } from './navItems.ts';

type DotKind = NonNullable<NavItem['dot']>['kind'];

/** Which navigation dots show, by kind. */
export type NavDots = Record<DotKind, boolean>;

/** Which navigation dots show: unread notifications and an incomplete profile. */
export function useNavDots(): NavDots {
  const { account } = useSession();
  const unreadCount = useUnreadCount(account !== null);
  // An embedding host may show the count in its own page (docs/EMBED.md).
  useEffect(() => {
    if (account !== null) postToHost({ type: 'unread-changed', count: unreadCount });
  }, [account, unreadCount]);
  return {
    unread: unreadCount > 0,
    incompleteProfile: account !== null && !account.hasUpdatedProfile,
  };
}
