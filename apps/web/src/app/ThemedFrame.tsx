import CssBaseline from '@mui/material/CssBaseline';
import { type Theme, ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { GlobalDialogs } from '../shell/GlobalDialogs.tsx';

/** A theme for the page, its baseline styles, and the global dialogs drawn in that theme. */
export function ThemedFrame({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
      <GlobalDialogs />
    </ThemeProvider>
  );
}
