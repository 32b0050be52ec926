import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-router';
import { Page } from '../components/Page.tsx';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page title="Page not found">
      <Typography sx={{ mb: 2 }}>
        There is no page at <code>{pathname}</code>.
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Go to Home
      </Button>
    </Page>
  );
}
