import { createTheme } from '@mui/material';

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

/** Convene's look: primary #4256c1, system fonts (no external fonts), soft surfaces. */
export const theme = createTheme({
  palette: {
    primary: { main: '#4256c1', dark: '#2f3f99', light: '#7383d6' },
    secondary: { main: '#1f2a5c' },
    error: { main: '#e53935' },
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
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10 }, sizeLarge: { paddingTop: 10, paddingBottom: 10 } },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});
