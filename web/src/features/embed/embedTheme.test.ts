import { createTheme } from '@mui/material';
import { describe, expect, it } from 'vitest';
import { contrastRatio, hostColours, readableText, themeWithHostColours } from './embedTheme.ts';

describe('the host theme', () => {
  it('puts readable text on any colour (at least 4.5:1)', () => {
    for (const colour of ['#ffeb3b', '#000000', '#ffffff', '#4256c1', '#777777', '#e53935', '#00ffff']) {
      expect(contrastRatio(colour, readableText(colour)), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableText('#ffeb3b')).toBe('#000000');
    expect(readableText('#1f2a5c')).toBe('#ffffff');
  });

  it('becomes MUI primary and secondary, keeping the rest of the theme', () => {
    const base = createTheme({ palette: { primary: { main: '#4256c1' } }, shape: { borderRadius: 10 } });
    const themed = themeWithHostColours(base, { primary: '#ffeb3b', secondary: '#123456' });
    expect(themed.palette.primary.main).toBe('#ffeb3b');
    expect(themed.palette.primary.contrastText).toBe('#000000');
    expect(themed.palette.secondary.main).toBe('#123456');
    expect(themed.palette.secondary.contrastText).toBe('#ffffff');
    expect(themed.shape.borderRadius).toBe(10);
  });

  it('takes colours from the address only when both are #RRGGBB', () => {
    expect(hostColours({ primary: '#112233', secondary: '#445566' })).toEqual({
      primary: '#112233',
      secondary: '#445566',
    });
    expect(hostColours({ primary: '#112233', secondary: null })).toBeNull();
    expect(hostColours({ primary: 'red', secondary: '#445566' })).toBeNull();
    expect(hostColours(null)).toBeNull();
  });
});
