import { layout, productName } from '@convene/contract';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  alpha,
  Box,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  type Theme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppConfig } from '../api/config.ts';
import logoUrl from '../assets/logo.svg';
import { isEmbedded } from '../features/embed/index.ts';
import { NavItemIcon } from './NavItemIcon.tsx';
import { navItems } from './navItems.ts';
import { useMenuNavState } from './useMenuNavState.ts';
import { useNavDots } from './useNavDots.ts';
import { useSwitchToClassic } from './useSwitchToClassic.ts';

const itemSx = {
  borderRadius: 2.5,
  mb: 0.5,
  py: 1.1,
  px: 1.5,
  '& .MuiListItemText-primary': { fontSize: '0.95rem' },
  // Tints of the primary colour, so an embedding host's theme (issue 16) recolours them too.
  '&.Mui-selected': {
    bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.1),
    color: 'primary.main',
  },
  '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
  '&.Mui-selected:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.16) },
} as const;

/** Side navigation of wide screens: logo, main entries, and the switch and feedback buttons. */
export function SideNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navState = useMenuNavState();
  const dots = useNavDots();
  const { data: config } = useAppConfig();
  // Inside a host page (issue 16) the host's own page is the way out: no switch, no feedback link.
  const embedded = isEmbedded();
  const classicAppUrl = embedded ? null : (config?.classicAppUrl ?? null);
  const { handleSwitch, isSwitching } = useSwitchToClassic(classicAppUrl);
  const feedbackSubject = t('navigator.feedbackSubject', { product: config?.productName ?? productName });

  // Fixed, not sticky: the screen beside it is taller than the viewport and the page scrolls, so
  // the navigation must not scroll away with it (issue 10 point 4). The outer box keeps its width.
  return (
    <Box sx={{ width: layout.sideNavWidth, flexShrink: 0 }}>
      <Box
        component="nav"
        aria-label={t('navigator.label')}
        sx={{
          width: layout.sideNavWidth,
          position: 'fixed',
          left: 0,
          top: 0,
          bottom: 0,
          overflowY: 'auto',
          zIndex: 'appBar',
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.paper',
          borderRight: 1,
          borderColor: 'divider',
          px: 1.5,
          py: 3,
          boxSizing: 'border-box',
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          state={navState}
          sx={{ display: 'inline-flex', alignSelf: 'flex-start', mb: 3, ml: 1, borderRadius: 2 }}
        >
          <img src={logoUrl} width={layout.logoWidth} height={layout.logoHeight} alt={productName} />
        </Box>
        <List sx={{ flex: 1 }}>
          {navItems.map((item) => {
            const isActive = item.matches(pathname);
            return (
              <ListItem key={item.title} disablePadding>
                <ListItemButton
                  component={RouterLink}
                  to={item.path}
                  state={navState}
                  selected={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  sx={itemSx}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <NavItemIcon item={item} dots={dots} />
                  </ListItemIcon>
                  <ListItemText
                    primary={t(`navigator.${item.title}`)}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        <List>
          {classicAppUrl ? (
            <ListItem disablePadding>
              <ListItemButton onClick={handleSwitch} disabled={isSwitching} sx={itemSx}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <SwapHorizIcon />
                </ListItemIcon>
                <ListItemText primary={t('navigator.switch')} />
              </ListItemButton>
            </ListItem>
          ) : null}
          {config && !embedded ? (
            <ListItem disablePadding>
              <ListItemButton
                component="a"
                href={`mailto:${config.supportEmail}?subject=${encodeURIComponent(feedbackSubject)}`}
                sx={itemSx}
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <FeedbackOutlinedIcon />
                </ListItemIcon>
                <ListItemText primary={t('navigator.feedback')} />
              </ListItemButton>
            </ListItem>
          ) : null}
        </List>
      </Box>
    </Box>
  );
}
