import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden.ts';

interface NavDotProps {
  /** Whether the dot shows. */
  show: boolean;
  /** What the dot means, read by screen readers (colour is never the only signal). */
  label: string;
  /** Dot colour (a CSS colour or a theme palette path); the theme's primary colour when not given. */
  color?: string;
  children: ReactNode;
}

/**
 * A small dot on the corner of an icon, with its meaning as hidden text. Drawn as MUI's Badge
 * draws a circular dot, without Badge's code: the navigation is on every signed-in page (issue 12).
 */
export function NavDot({ show, label, color, children }: NavDotProps) {
  return (
    <>
      <Box
        component="span"
        sx={{ position: 'relative', display: 'inline-flex', verticalAlign: 'middle', flexShrink: 0 }}
      >
        {children}
        {show ? (
          <Box
            component="span"
            aria-hidden
            sx={{
              position: 'absolute',
              top: '14%',
              right: '14%',
              width: 10,
              height: 10,
              borderRadius: 5,
              bgcolor: color ?? 'primary.main',
              transform: 'translate(50%, -50%)',
            }}
          />
        ) : null}
      </Box>
      {show ? (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      ) : null}
    </>
  );
}
