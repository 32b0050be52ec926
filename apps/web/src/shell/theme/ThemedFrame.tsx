import CssBaseline from '@mui/material/CssBaseline';
import { type Theme, ThemeProvider } from '@mui/material/styles';
import { lazy, type ReactNode, Suspense } from 'react';

// Not part of the first load: the dialogs and toasts are closed on the first screen. Their chunk (Dialog,
// Snackbar, Alert) is requested as soon as the frame renders, so it is there when something goes wrong.
const GlobalDialogs = lazy(async () => ({
  default: (await import('../feedback/GlobalDialogs.tsx')).GlobalDialogs,
}));

/** A theme for the page, its baseline styles, and the global dialogs drawn in that theme. */
export function ThemedFrame({ theme, children }: { theme: Theme; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
      <Suspense fallback={null}>
        <GlobalDialogs />
      </Suspense>
    </ThemeProvider>
  );
}
