import { Avatar, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { nameInitials } from './initials.ts';

interface PersonCardProps {
  name: string;
  imageLink?: string | null;
  /** A second line: e-mail, role label, 'Invitation Sent'. */
  subtitle?: string;
  /** Something on the right: a role chip, an action button. */
  action?: ReactNode;
}

/** One person in a list: avatar (or initials), name, optional subtitle and action. */
export function PersonCard({ name, imageLink, subtitle, action }: PersonCardProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1.5 }}>
      {/* Initials or photo only decorate: the name beside them is what is read (and names a card button). */}
      <Avatar src={imageLink ?? undefined} alt="" aria-hidden sx={{ bgcolor: 'primary.main' }}>
        {nameInitials(name)}
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
