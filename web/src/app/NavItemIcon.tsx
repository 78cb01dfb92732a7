import { useTranslation } from 'react-i18next';
import { NavDot } from '../components/NavDot.tsx';
import type { NavItem } from './navItems.ts';
import type { NavDots } from './useNavDots.ts';

/** A main entry's icon with its dot (unread notifications, incomplete profile) when it shows one. */
export function NavItemIcon({ item, dots }: { item: NavItem; dots: NavDots }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  return (
    <NavDot
      show={item.dot ? dots[item.dot.kind] : false}
      color={item.dot?.color}
      label={
        item.dot?.kind === 'incompleteProfile' ? t('navigator.incompleteProfile') : t('navigator.unread')
      }
    >
      <Icon />
    </NavDot>
  );
}
