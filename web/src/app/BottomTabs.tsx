import { layout } from '@convene/contract';
import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { NavItemIcon } from './NavItemIcon.tsx';
import { navItems } from './navItems.ts';
import { useMenuNavState } from './useMenuNavState.ts';
import { useNavDots } from './useNavDots.ts';

/** Bottom tab bar of small screens: one tab per main entry, with its (short) label and dot. */
export function BottomTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navState = useMenuNavState();
  const dots = useNavDots();
  const active = navItems.find((item) => item.matches(pathname))?.title ?? false;

  return (
    <Paper
      component="nav"
      aria-label={t('navigator.label')}
      elevation={8}
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 'appBar', borderRadius: 0 }}
    >
      <BottomNavigation showLabels value={active} sx={{ height: layout.bottomBarPadding }}>
        {navItems.map((item) => {
          return (
            <BottomNavigationAction
              key={item.title}
              value={item.title}
              component={RouterLink}
              to={item.path}
              state={navState}
              aria-current={active === item.title ? 'page' : undefined}
              label={t(`navigator.short.${item.title}`)}
              icon={<NavItemIcon item={item} dots={dots} />}
              // Five tabs share 390 px: the longest label ("Evenimente") fits only without
              // side padding and without the bigger selected size (weight marks the selection).
              sx={{
                minWidth: 0,
                px: 0.25,
                '& .MuiBottomNavigationAction-label': {
                  fontSize: '0.7rem',
                  letterSpacing: '-0.01em',
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  maxWidth: '100%',
                },
                '& .MuiBottomNavigationAction-label.Mui-selected': { fontSize: '0.7rem', fontWeight: 700 },
              }}
            />
          );
        })}
      </BottomNavigation>
    </Paper>
  );
}
