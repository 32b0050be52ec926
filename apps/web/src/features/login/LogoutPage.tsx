import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { APP_NAME } from '../../components/Page.tsx';
import { useSignOut } from '../../shell/session/auth.queries.ts';

/**
 * /logout loaded as a page (a bookmark, a link from elsewhere): a GET changes nothing, so it
 * asks; Sign out POSTs /logout like the navigation's Logout.
 */
export function LogoutPage() {
  const signOut = useSignOut();
  const [isSigningOut, setSigningOut] = useState(false);
  return (
    <Paper sx={{ p: 4 }}>
      <title>{`Sign out · ${APP_NAME}`}</title>
      <Typography variant="h5" component="h1" gutterBottom>
        Sign out?
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>Your session ends at once.</Typography>
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          disabled={isSigningOut}
          onClick={() => {
            setSigningOut(true);
            void signOut();
          }}
        >
          Sign out
        </Button>
        <Button component={Link} to="/">
          Stay signed in
        </Button>
      </Stack>
    </Paper>
  );
}
