import { useSession } from '../features/auth/useSession.ts';
import type { NavItem } from './navItems.ts';

type DotKind = NonNullable<NavItem['dot']>['kind'];

/** Which navigation dots show: unread notifications (no source yet) and an incomplete profile. */
export function useNavDots(): Record<DotKind, boolean> {
  const { account } = useSession();
  return {
    unread: false,
    incompleteProfile: account !== null && !account.hasUpdatedProfile,
  };
}
