import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export const APP_NAME = 'Console';

interface PageProps {
  title: string;
  /** Shown as the browser tab title when it should differ from the heading. */
  documentTitle?: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A screen: the tab title, one h1 heading and the content. */
export function Page({ title, documentTitle, actions, children }: PageProps) {
  return (
    <Box component="section">
      <title>{`${documentTitle ?? title} · ${APP_NAME}`}</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
