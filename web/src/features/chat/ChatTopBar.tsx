import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** The bar at the top of a chat pane (conversation, group info, new conversation): one row, a rule below. */
export function ChatTopBar({ children }: { children: ReactNode }) {
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}
