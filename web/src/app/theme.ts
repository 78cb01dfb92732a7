import { createTheme, getContrastRatio, type Theme } from '@mui/material';

const systemFont = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/**
 * The keyboard focus ring's colour: the theme's main colour, so a host's theme (features/embed)
 * recolours it too; the text colour where the main colour would not stand out (3:1) on the page.
 */
export function focusColour(theme: Theme): string {
  const { primary, background, text } = theme.palette;
  const standsOut = [background.default, background.paper].every(
    (surface) => getContrastRatio(primary.main, surface) >= 3,
  );
  return standsOut ? primary.main : text.primary;
}

/** Keyboard focus: a 2px outline in the focus colour (Convene's #4256c1: ≥ 5:1), not a tint. */
const focusOutline = (theme: Theme) => ({ outline: `2px solid ${focusColour(theme)}`, outlineOffset: 2 });
/** Items that fill their container (list rows, tabs, cards) draw it inside, so nothing clips it. */
const insetFocusOutline = ({ theme }: { theme: Theme }) => ({
  '&.Mui-focusVisible': { ...focusOutline(theme), outlineOffset: -2 },
});
/** Buttons, chips: the ring outside. */
const outerFocusOutline = ({ theme }: { theme: Theme }) => ({ '&.Mui-focusVisible': focusOutline(theme) });

/**
 * Convene's look: primary #4256c1, system fonts (no external fonts), soft surfaces. The secondary
 * colour is the highlight: the selected tab's indicator and the unread badges and dots, so a
 * host's highlight colour shows in embedded screens.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#4256c1', dark: '#2f3f99', light: '#7383d6' },
    secondary: { main: '#1f2a5c' },
    // Text in these colours sits on white: error and warning are the darker shades that reach
    // 4.5:1 (the spec's accent red #e53935 stays for the profile dot, which is not text).
    error: { main: '#c62828' },
    warning: { main: '#b45309', light: '#f59e0b', dark: '#92400e' },
    // White text on filled info alerts and snackbars needs 4.5:1 (MUI's #0288d1 gives 3.85).
    info: { main: '#0277bd' },
    background: { default: '#f5f6fb', paper: '#ffffff' },
    text: { primary: '#1b1f33', secondary: '#5b6078' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: systemFont,
    h4: { fontWeight: 700, letterSpacing: '-0.02em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: (theme: Theme) => ({
        'a:focus-visible, [role="button"]:focus-visible, summary:focus-visible': focusOutline(theme),
        // Headings and main get focus after a route change only to be announced: no ring there.
        '[tabindex="-1"]:focus': { outline: 'none' },
      }),
    },
    // The hint under a field stays readable (4.5:1) while the field is disabled.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: '#5b6078' } } } },
    // So do a group's label and its choices' labels (e.g. the invitee's role while sending).
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: '#5b6078' } } } },
    MuiFormControlLabel: { styleOverrides: { label: { '&.Mui-disabled': { color: '#5b6078' } } } },
    // A field's text stays readable while it is disabled (e.g. during sending): 4.5:1, not 2.7:1.
    MuiInputBase: {
      styleOverrides: {
        input: { '&.Mui-disabled': { color: '#5b6078', WebkitTextFillColor: '#5b6078' } },
      },
    },
    MuiButtonBase: { styleOverrides: { root: outerFocusOutline } },
    MuiListItemButton: { styleOverrides: { root: insetFocusOutline } },
    MuiMenuItem: { styleOverrides: { root: insetFocusOutline } },
    MuiTab: { styleOverrides: { root: insetFocusOutline } },
    MuiTabs: { defaultProps: { indicatorColor: 'secondary' } },
    MuiBottomNavigationAction: { styleOverrides: { root: insetFocusOutline } },
    MuiCardActionArea: { styleOverrides: { root: insetFocusOutline } },
    MuiChip: { styleOverrides: { root: outerFocusOutline } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { paddingTop: 10, paddingBottom: 10 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
    // Links sit inside text: an underline tells them apart without relying on colour.
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});

/**
 * The same look for people who ask their system for less motion (prefers-reduced-motion): no
 * fades, grows, slides or ripples; dialogs, menus and snackbars appear and leave at once.
 */
export const reducedMotionTheme = createTheme(theme, {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});
