import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';
import { Page } from '../shell/Page.tsx';

/** A page that failed to load or render (typically a chunk gone after a new deployment). */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Unexpected error';
  return (
    <Page title="Something went wrong">
      <Typography sx={{ mb: 2 }}>{message}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </Page>
  );
}
