import { describe, expect, it } from 'vitest';
import { themeWithHostColours } from '../features/embed/embedTheme.ts';
import { focusColour, reducedMotionTheme, theme } from './theme.ts';

describe('reduced motion', () => {
  it('keeps the look and drops every transition and ripple', () => {
    expect(reducedMotionTheme.palette.primary.main).toBe(theme.palette.primary.main);
    expect(reducedMotionTheme.components?.MuiButtonBase?.styleOverrides).toEqual(
      theme.components?.MuiButtonBase?.styleOverrides,
    );
    expect(reducedMotionTheme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(Object.values(reducedMotionTheme.transitions.duration)).toEqual(
      Object.values(theme.transitions.duration).map(() => 0),
    );
    expect(reducedMotionTheme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // The ordinary theme still moves.
    expect(theme.transitions.create(['opacity'])).not.toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
  });
});

describe('the keyboard focus ring', () => {
  /** The outline a focused button draws under `of`, as MUI resolves the theme's override. */
  const buttonFocusOutline = (of: typeof theme) => {
    const root = of.components?.MuiButtonBase?.styleOverrides?.root as (props: {
      theme: typeof theme;
    }) => Record<string, { outline?: string }>;
    return root({ theme: of })['&.Mui-focusVisible']?.outline;
  };

  it("follows the main colour, a host's included", () => {
    expect(buttonFocusOutline(theme)).toBe('2px solid #4256c1');
    const hosted = themeWithHostColours(theme, { primary: '#116633', secondary: '#553311' });
    expect(focusColour(hosted)).toBe('#116633');
    expect(buttonFocusOutline(hosted)).toBe('2px solid #116633');
  });

  it('uses the text colour where the main colour would not stand out on the page', () => {
    const pale = themeWithHostColours(theme, { primary: '#ffeb3b', secondary: '#553311' });
    expect(focusColour(pale)).toBe(theme.palette.text.primary);
  });
});
