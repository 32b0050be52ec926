import { MESSAGES } from '@console/domain/errors';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useLazyEndpointQuery } from '../../api/hooks.ts';
import { shellEndpoints } from '../shell.endpoints.ts';
import { loginPathReturningTo } from './returnTo.ts';

// The product's 'Go to Login' path: the server's sign-in through Google (a full page load).
export const GOOGLE_LOGIN_PATH = '/oauth/login/google';
export const LOGIN_PAGE_PATH = '/login';

/**
 * Where 'Go to Login' leads: the product's Google sign-in when that is the console's only way in; the login
 * page when the console has dev login or another provider (it offers them all), and while that is not known.
 */
function useGoToLoginPath(): string {
  const options = useLazyEndpointQuery(shellEndpoints.signInOptions, { staleTime: Number.POSITIVE_INFINITY });
  const isGoogleOnly = options.data?.provider?.loginPath === GOOGLE_LOGIN_PATH && !options.data.devLogin;
  return isGoogleOnly ? GOOGLE_LOGIN_PATH : LOGIN_PAGE_PATH;
}

/** Shown whenever a call is answered 401. */
export function UnauthorizedPage() {
  const loginPath = useGoToLoginPath();
  // The page stays where it was (this replaces it in place): signing in returns to it.
  const { pathname, search } = useLocation();
  return (
    <Paper sx={{ maxWidth: 480, mx: 'auto', mt: 8, p: 4, textAlign: 'center' }}>
      <title>Login required · Console</title>
      <Typography variant="h5" component="h1" gutterBottom>
        Login required
      </Typography>
      <Typography sx={{ mb: 3 }}>{MESSAGES.notLoggedIn}</Typography>
      {loginPath === LOGIN_PAGE_PATH ? (
        <Button
          variant="contained"
          component={RouterLink}
          to={loginPathReturningTo(LOGIN_PAGE_PATH, pathname + search)}
        >
          Go to Login
        </Button>
      ) : (
        <Button variant="contained" href={loginPathReturningTo(loginPath, pathname + search)}>
          Go to Login
        </Button>
      )}
    </Paper>
  );
}
