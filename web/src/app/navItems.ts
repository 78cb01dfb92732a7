import { layout } from '@convene/contract';
import DateRangeOutlinedIcon from '@mui/icons-material/DateRangeOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import type { SvgIcon } from '@mui/material';

/** One main entry of the side navigation and the bottom tab bar. */
export interface NavItem {
  /** The key of the label: navigator.{title}. */
  title: 'calendars' | 'events' | 'chat' | 'activity' | 'profile';
  path: string;
  icon: typeof SvgIcon;
  /** Whether the entry is the current one for a path. */
  matches: (pathname: string) => boolean;
  /** Which dot the entry can show, and its colour. */
  dot?: { kind: 'unread' | 'incompleteProfile'; color?: string };
}

/** The main entries, in menu order (PRODUCT.md §1.2 Shell). */
export const navItems: readonly NavItem[] = [
  {
    title: 'calendars',
    path: '/calendars',
    icon: DateRangeOutlinedIcon,
    matches: (pathname) => pathname === '/' || /^\/calendars?(\/|$)/.test(pathname),
  },
  {
    title: 'events',
    path: '/events',
    icon: EventNoteOutlinedIcon,
    matches: (pathname) => /^\/events?(\/|$)/.test(pathname),
  },
  {
    title: 'chat',
    path: '/chat',
    icon: ForumOutlinedIcon,
    matches: (pathname) => pathname.startsWith('/chat'),
  },
  {
    title: 'activity',
    path: '/activity',
    icon: NotificationsNoneOutlinedIcon,
    matches: (pathname) => pathname.startsWith('/activity'),
    dot: { kind: 'unread', color: 'secondary.main' },
  },
  {
    title: 'profile',
    path: '/profile',
    icon: PersonOutlinedIcon,
    matches: (pathname) => pathname.startsWith('/profile'),
    dot: { kind: 'incompleteProfile', color: layout.profileDotColor },
  },
];
