import { MESSAGES } from '@console/domain';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

// The server's sign-in through its provider (whichever is configured); a full page load.
export const GOOGLE_LOGIN_PATH = '/oauth/login/google';

/** Shown whenever a call is answered 401. */
export function UnauthorizedPage() {
  return (
    <Paper sx={{ maxWidth: 480, mx: 'auto', mt: 8, p: 4, textAlign: 'center' }}>
      <title>Login required · Console</title>
      <Typography variant="h5" component="h1" gutterBottom>
        Login required
      </Typography>
      <Typography sx={{ mb: 3 }}>{MESSAGES.notLoggedIn}</Typography>
      <Button variant="contained" href={GOOGLE_LOGIN_PATH}>
        Go to Login
      </Button>
    </Paper>
  );
}
