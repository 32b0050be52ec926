import { ROLES, type Role } from '@console/domain/access';
import { api } from '@console/domain/endpoints';
import type { USER_SEARCH_SORTS } from '@console/domain/search';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { FilterSelect } from '../../components/search/FilterSelect.tsx';
import { SearchField } from '../../components/search/SearchField.tsx';
import { SearchPager } from '../../components/search/SearchPager.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { useCurrentOperatorQuery } from '../../shell/session/auth.queries.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { EnvironmentProtectionTable } from './EnvironmentProtectionTable.tsx';
import { UserTable } from './UserTable.tsx';
import { useSignOutEverywhereMutation, useUserListQuery } from './users.queries.ts';
import { useUserSearch } from './useUserSearch.ts';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));
const SORT_OPTIONS = [
  { value: 'email', label: 'E-mail' },
  { value: 'lastSeen', label: 'Last seen' },
  { value: 'firstSeen', label: 'First seen' },
] as const;

/**
 * Security > Users: everyone who signed in with their role console-wide and per environment;
 * an admin changes roles, removes users and protects environments. What the signed-in user may not do
 * is disabled, saying why.
 */
export function UsersPage() {
  // The environments and their protection; the users' rows come from the search, a page at a time.
  const list = useUserListQuery();
  const search = useUserSearch();
  const me = useCurrentOperatorQuery().data;
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);
  useReportQueryError(banner, search.query.error);
  const { view, filters } = search;

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
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <SearchField label="Search users" value={view.q} onSearch={search.search} />
              <FilterSelect
                label="Console-wide role"
                value={filters.role ?? ''}
                options={ROLE_OPTIONS}
                onChange={(value) => search.filterBy({ role: value === '' ? undefined : (value as Role) })}
              />
              <PlainSelectField
                size="small"
                label="Sort by"
                value={view.sort}
                onChange={(event) => search.sortBy(event.target.value as (typeof USER_SEARCH_SORTS)[number])}
                sx={{ minWidth: 140 }}
              >
                {SORT_OPTIONS.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </PlainSelectField>
            </Stack>
            <QueryContent query={search.query} what="Users">
              {(found) => (
                <div>
                  <UserTable
                    users={found.items}
                    environments={data.environments}
                    signedIn={me?.email}
                    onError={banner.report}
                  />
                  <SearchPager
                    what="users"
                    pageIndex={view.pages.length}
                    limit={search.limit}
                    shown={found.items.length}
                    total={found.total}
                    isTotalCapped={found.isTotalCapped}
                    hasNext={found.nextCursor !== null}
                    isLoading={search.isStale}
                    onPrevious={search.previous}
                    onNext={search.next}
                  />
                </div>
              )}
            </QueryContent>
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
