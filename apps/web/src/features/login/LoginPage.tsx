import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Loading } from '../../components/Loading.tsx';
import { APP_NAME } from '../../components/Page.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { GOOGLE_LOGIN_PATH } from '../../shell/session/UnauthorizedPage.tsx';
import { DevLoginForm } from './DevLoginForm.tsx';
import { useAuthOptionsQuery, useSessionQuery } from './login.queries.ts';

// Set by the server when it redirects back from a sign-in it could not complete.
const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
// A Map: the code comes from the URL (`?error=constructor` must not find an inherited member).
const LOGIN_ERRORS = new Map([['google-not-configured', GOOGLE_NOT_CONFIGURED]]);
export const SIGN_IN_RATE_LIMITED = 'Too many sign-in attempts. Please wait a minute, then sign in again.';

/** A refused sign-in in the operator's words: a rate limit (429) asks to wait, not to sign in elsewhere. */
const signInFailureOf = (error: Error) =>
  error instanceof ApiError && error.status === 429 ? SIGN_IN_RATE_LIMITED : error.message;

export function LoginPage() {
  const session = useSessionQuery();
  const options = useAuthOptionsQuery();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearUnauthorized } = useGlobalUi();
  const errorCode = searchParams.get('error');
  const shownError =
    failure ?? (errorCode ? (LOGIN_ERRORS.get(errorCode) ?? `Sign-in failed (${errorCode}).`) : null);

  const enterConsole = () => {
    // Nothing fetched before signing in (401s) may linger.
    queryClient.removeQueries();
    clearUnauthorized();
    void navigate('/', { replace: true });
  };

  // Already signed in: /login has nothing to offer, the console does.
  if (session.data) return <Navigate to="/" replace />;

  return (
    <Paper sx={{ p: 4 }}>
      <title>{`Login · ${APP_NAME}`}</title>
      <Typography variant="h4" component="h1" gutterBottom>
        {APP_NAME}
      </Typography>
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>Sign in to operate the game servers.</Typography>
      {shownError && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFailure(null)}>
          {shownError}
        </Alert>
      )}
      <Stack spacing={3}>
        <Button
          variant="contained"
          size="large"
          href={GOOGLE_LOGIN_PATH}
          disabled={options.data?.google === false}
        >
          Sign in with Google
        </Button>
        {options.data?.google === false && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {GOOGLE_NOT_CONFIGURED}
          </Typography>
        )}
        {options.isPending && <Loading />}
        {options.data?.devLogin && (
          <>
            <Divider>or</Divider>
            <DevLoginForm onSignedIn={enterConsole} onError={(error) => setFailure(signInFailureOf(error))} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
