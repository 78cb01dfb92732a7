import { Badge, Box } from '@mui/material';
import type { ReactNode } from 'react';
import { visuallyHidden } from './visuallyHidden.ts';

interface NavDotProps {
  /** Whether the dot shows. */
  show: boolean;
  /** What the dot means, read by screen readers (colour is never the only signal). */
  label: string;
  /** Dot colour; the theme's primary colour when not given. */
  color?: string;
  children: ReactNode;
}

/** A small dot on the corner of an icon, with its meaning as hidden text. */
export function NavDot({ show, label, color, children }: NavDotProps) {
  return (
    <>
      <Badge
        variant="dot"
        invisible={!show}
        overlap="circular"
        sx={{
          '& .MuiBadge-badge': { bgcolor: color ?? 'primary.main', width: 10, height: 10, borderRadius: 5 },
        }}
      >
        {children}
      </Badge>
      {show ? (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      ) : null}
    </>
  );
}
