import { SIGN_IN_REFUSALS, signInButtonText } from '@console/domain/auth';
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
import { loginPathReturningTo, returnPathOf } from '../../shell/session/returnTo.ts';
import { DevLoginForm } from './DevLoginForm.tsx';
import { useAuthOptionsQuery, useSessionQuery } from './login.queries.ts';

// `?error=<code>`: set by the server when it redirects back from a sign-in it did not complete.
const refusalOf = (code: string): string =>
  Object.hasOwn(SIGN_IN_REFUSALS, code)
    ? SIGN_IN_REFUSALS[code as keyof typeof SIGN_IN_REFUSALS]
    : `Sign-in failed (${code}).`;
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
  const returnPath = returnPathOf(searchParams);
  const shownError = failure ?? (errorCode ? refusalOf(errorCode) : null);
  const provider = options.data?.provider ?? null;

  const enterConsole = () => {
    // Nothing fetched before signing in (401s) may linger.
    queryClient.removeQueries();
    clearUnauthorized();
    // Back to the page the 401 interrupted (its form's values wait there in session storage).
    void navigate(returnPath, { replace: true });
  };

  // Already signed in: /login has nothing to offer, the console does.
  if (session.data) return <Navigate to={returnPath} replace />;

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
        {/* The server's sign-in through the provider: a full page load, not a client-side route; the
            server keeps the page to return to with the attempt. */}
        {provider && (
          <Button
            variant="contained"
            size="large"
            href={loginPathReturningTo(provider.loginPath, returnPath)}
          >
            {signInButtonText(provider)}
          </Button>
        )}
        {options.data && !provider && !options.data.devLogin && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {SIGN_IN_REFUSALS['not-configured']}
          </Typography>
        )}
        {options.isPending && <Loading />}
        {options.data?.devLogin && (
          <>
            {provider && <Divider>or</Divider>}
            <DevLoginForm onSignedIn={enterConsole} onError={(error) => setFailure(signInFailureOf(error))} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
