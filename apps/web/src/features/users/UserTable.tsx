import { ROLES, type Role } from '@console/domain/access';
import { api } from '@console/domain/endpoints';
import { type EnvironmentProtection, type ListedUser, roleGivenIn } from '@console/domain/users';
import Button from '@mui/material/Button';
import { NativeSelectField } from '../../components/form/NativeSelectField.tsx';
import { formatDateTime } from '../../components/format.ts';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useRemoveUserMutation, useSetUserRoleMutation } from './users.queries.ts';

interface UserTableProps {
  users: readonly ListedUser[];
  environments: readonly EnvironmentProtection[];
  /** The signed-in user's e-mail: their own row cannot be changed by them. */
  signedIn: string | undefined;
  onError(error: unknown): void;
}

// The console-wide role is set by a console-wide admin: the call without an environment.
const CONSOLE_WIDE_ROLE = { access: api.users.setRole.access, scope: 'global' } as const;
/** The environment select's choice meaning "no role of its own". */
const INHERIT = '';
/** What a row shows for activity the caller does not see (another user's, to a non-admin). */
const UNSEEN = '—';

const seenAt = (time: number | undefined) => (time === undefined ? UNSEEN : formatDateTime(time));

/** Why a row cannot be changed whatever the signed-in user's rights, or undefined. */
function lockedReason(user: ListedUser, signedIn: string | undefined, ownReason: string): string | undefined {
  if (user.isConfiguredAdmin) return `${user.email} is an admin through ADMIN_EMAILS`;
  if (user.email === signedIn) return ownReason;
  return undefined;
}

export function UserTable({ users, environments, signedIn, onError }: UserTableProps) {
  const setRole = useSetUserRoleMutation();
  const remove = useRemoveUserMutation();
  const { confirm, toast } = useGlobalUi();

  const changeRole = async (user: ListedUser, environment: string | undefined, role: Role | null) => {
    try {
      await setRole.mutateAsync({ email: user.email, role, ...(environment ? { environment } : {}) });
      const where = environment ? `in ${environment}` : 'console-wide';
      toast(`${user.email} ${where}: ${role ?? `the console-wide role (${user.role})`}`);
    } catch (error) {
      onError(error);
    }
  };

  const removeUser = async (user: ListedUser) => {
    const isConfirmed = await confirm({
      title: `Remove ${user.email}?`,
      message: 'Their sessions end at once and their roles are forgotten. Signing in again starts afresh.',
    });
    if (!isConfirmed) return;
    try {
      const { sessionsEnded } = await remove.mutateAsync({ email: user.email });
      toast(`${user.email} removed (${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended)`);
    } catch (error) {
      onError(error);
    }
  };

  const roleSelect = (user: ListedUser, environment: string | undefined) => {
    const label = `Role of ${user.email} ${environment ? `in ${environment}` : 'console-wide'}`;
    const value = environment ? (roleGivenIn(user, environment) ?? INHERIT) : user.role;
    const select = (
      <NativeSelectField
        value={value}
        sx={{ minWidth: environment ? 180 : 110 }}
        inputProps={{ 'aria-label': label }}
        disabled={setRole.isPending}
        onChange={(event) => {
          const chosen = event.target.value;
          void changeRole(user, environment, chosen === INHERIT ? null : (chosen as Role));
        }}
      >
        {environment && <option value={INHERIT}>console-wide ({user.role})</option>}
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </NativeSelectField>
    );
    return (
      <NeedsRight
        endpoint={environment ? api.users.setRole : CONSOLE_WIDE_ROLE}
        environment={environment}
        lockedBecause={lockedReason(user, signedIn, 'Another admin must change the role for you')}
      >
        {select}
      </NeedsRight>
    );
  };

  const removeButton = (user: ListedUser) => {
    const button = (
      <Button size="small" color="error" onClick={() => removeUser(user)} disabled={remove.isPending}>
        Remove
      </Button>
    );
    return (
      <NeedsRight
        endpoint={api.users.remove}
        lockedBecause={lockedReason(user, signedIn, 'Another admin must remove you')}
      >
        {button}
      </NeedsRight>
    );
  };

  const columns: DataColumn<ListedUser>[] = [
    { header: 'E-mail', cell: (user) => user.email },
    { header: 'First seen', cell: (user) => seenAt(user.firstSeen), noWrap: true },
    { header: 'Last seen', cell: (user) => seenAt(user.lastSeen), noWrap: true },
    { header: 'Sessions', cell: (user) => user.sessions ?? UNSEEN, align: 'right' },
    { header: 'Console-wide', cell: (user) => roleSelect(user, undefined) },
    ...environments.map(
      ({ id, isProtected }): DataColumn<ListedUser> => ({
        header: isProtected ? `${id} (protected)` : id,
        cell: (user) => roleSelect(user, id),
      }),
    ),
    { header: 'Actions', cell: removeButton, align: 'right' },
  ];

  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={users}
      rowKey={(user) => user.email}
      emptyText="Nobody has signed in yet"
      hover
    />
  );
}
