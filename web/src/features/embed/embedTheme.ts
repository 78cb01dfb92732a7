import { createTheme, type Theme } from '@mui/material';
import { isHexColour } from './hostMessages.ts';

/** The host's two colours (PRODUCT.md part 2 §3 Theme: main colour and secondary highlight). */
export interface HostColours {
  primary: string;
  secondary: string;
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => channel(Number.parseInt(hex.slice(at, at + 2), 16))) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black text on a colour, whichever reads better (any colour reaches 4.5:1 with one). */
export function readableText(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000') ? '#ffffff' : '#000000';
}

/** Valid colours from the address or a message; null unless both are #RRGGBB. */
export function hostColours(value: { primary: unknown; secondary: unknown } | null): HostColours | null {
  if (!value || !isHexColour(value.primary) || !isHexColour(value.secondary)) return null;
  return { primary: value.primary, secondary: value.secondary };
}

/** The app's theme with the host's colours as MUI's primary and secondary, with readable text on them. */
export function themeWithHostColours(base: Theme, colours: HostColours): Theme {
  return createTheme(base, {
    palette: {
      primary: base.palette.augmentColor({
        color: { main: colours.primary, contrastText: readableText(colours.primary) },
      }),
      secondary: base.palette.augmentColor({
        color: { main: colours.secondary, contrastText: readableText(colours.secondary) },
      }),
    },
  });
}
