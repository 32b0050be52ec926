import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { Loading } from '../../shell/Loading.tsx';
import { APP_NAME } from '../../shell/Page.tsx';
import { GOOGLE_LOGIN_PATH } from '../../shell/UnauthorizedPage.tsx';
import { DevLoginForm } from './DevLoginForm.tsx';
import { useAuthOptionsQuery } from './login.queries.ts';

// Set by the server when it redirects back from a sign-in it could not complete.
const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
const LOGIN_ERRORS: Record<string, string> = { 'google-not-configured': GOOGLE_NOT_CONFIGURED };

export function LoginPage() {
  const options = useAuthOptionsQuery();
  const [searchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearUnauthorized } = useGlobalUi();
  const errorCode = searchParams.get('error');
  const shownError =
    failure ?? (errorCode ? (LOGIN_ERRORS[errorCode] ?? `Sign-in failed (${errorCode}).`) : null);

  const enterConsole = () => {
    // Nothing fetched before signing in (401s) may linger.
    queryClient.removeQueries();
    clearUnauthorized();
    void navigate('/', { replace: true });
  };

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
            <DevLoginForm onSignedIn={enterConsole} onError={(error) => setFailure(error.message)} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
