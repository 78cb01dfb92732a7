import { Avatar, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface PersonCardProps {
  name: string;
  imageLink?: string | null;
  /** A second line: e-mail, role label, 'Invitation Sent'. */
  subtitle?: string;
  /** Something on the right: a role chip, an action button. */
  action?: ReactNode;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** One person in a list: avatar (or initials), name, optional subtitle and action. */
export function PersonCard({ name, imageLink, subtitle, action }: PersonCardProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
      <Avatar src={imageLink ?? undefined} alt="" sx={{ bgcolor: 'primary.light' }}>
        {initials(name)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        {subtitle ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {subtitle}
          </Typography>
        ) : null}
      </Box>
      {action}
    </Box>
  );
}
