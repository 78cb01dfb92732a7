import { describe, expect, it } from 'vitest';
import { reducedMotionTheme, theme } from './theme.ts';

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
