import { api } from '@console/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { useCurrentOperatorQuery } from '../../shell/session/auth.queries.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { EnvironmentProtectionTable } from './EnvironmentProtectionTable.tsx';
import { UserTable } from './UserTable.tsx';
import { useSignOutEverywhereMutation, useUserListQuery } from './users.queries.ts';

/**
 * Security > Users: everyone who signed in with their role console-wide and per environment;
 * an admin changes roles, removes users and protects environments. What the signed-in user may not do
 * is disabled, saying why.
 */
export function UsersPage() {
  const list = useUserListQuery();
  const me = useCurrentOperatorQuery().data;
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);

  return (
    <Page title="Users" actions={<SignOutEverywhereButton onError={banner.report} />}>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <QueryContent query={list} what="Users and roles">
        {(data) => (
          <Stack spacing={3}>
            <Typography sx={{ color: 'text.secondary' }}>
              Viewers read; operators change content; admins also change roles, runtime keys and NICE, and
              settings of environments. In a protected environment only admins change anything. The
              console-wide role counts in environments without a role of their own, and for creating
              environments and managing users.
              {!data.seesEveryone &&
                ' Only admins see everyone: this list shows you and the admins, whom to ask for a right.'}
            </Typography>
            <UserTable
              users={data.users}
              environments={data.environments}
              signedIn={me?.email}
              onError={banner.report}
            />
            <EnvironmentProtectionTable environments={data.environments} onError={banner.report} />
          </Stack>
        )}
      </QueryContent>
    </Page>
  );
}

function SignOutEverywhereButton({ onError }: { onError(error: unknown): void }) {
  const signOut = useSignOutEverywhereMutation();
  const { confirm } = useGlobalUi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const run = async () => {
    const isConfirmed = await confirm({
      title: 'Sign out everywhere?',
      message: 'Every session of yours ends at once, in this browser and in all others.',
    });
    if (!isConfirmed) return;
    try {
      await signOut.mutateAsync({});
      queryClient.clear();
      void navigate('/login', { replace: true });
    } catch (error) {
      onError(error);
    }
  };
  return (
    <NeedsRight endpoint={api.auth.signOutEverywhere}>
      <Button onClick={run} disabled={signOut.isPending}>
        Sign out everywhere
      </Button>
    </NeedsRight>
  );
}
