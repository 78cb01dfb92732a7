import { type Theme, ThemeProvider } from '@mui/material';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { isEmbedded, launchColours, rememberColours } from './embeddedMode.ts';
import { type HostColours, hostColours, themeWithHostColours } from './embedTheme.ts';
import { subscribeHostMessages } from './hostMessages.ts';

/**
 * The app's theme, restyled by the host in embedded mode (PRODUCT.md part 2 §4 "Embedding and
 * theming"): the address's colours paint the first screen, a `theme` message restyles it live.
 */
export function EmbedThemeProvider({ base, children }: { base: Theme; children: ReactNode }) {
  const [colours, setColours] = useState<HostColours | null>(() =>
    isEmbedded() ? hostColours(launchColours()) : null,
  );
  useEffect(
    () =>
      subscribeHostMessages((message) => {
        if (message.type !== 'theme') return;
        const next = { primary: message.primary, secondary: message.secondary };
        rememberColours(next);
        setColours(next);
      }),
    [],
  );
  const theme = useMemo(() => (colours ? themeWithHostColours(base, colours) : base), [base, colours]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
