import { api } from '@console/domain/endpoints';
import type { EnvironmentProtection } from '@console/domain/users';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { ReviewPolicySettings } from '../change-requests/ReviewPolicySettings.tsx';
import { useSetEnvironmentProtectedMutation } from './users.queries.ts';

/**
 * Which environments are protected (only admins change anything there) and whether their changes need
 * review; an admin of one changes both.
 */
export function EnvironmentProtectionTable({
  environments,
  onError,
}: {
  environments: readonly EnvironmentProtection[];
  onError(error: unknown): void;
}) {
  const setProtected = useSetEnvironmentProtectedMutation();
  const { confirm, toast } = useGlobalUi();

  const change = async ({ id }: EnvironmentProtection, isProtected: boolean) => {
    if (!isProtected) {
      const isConfirmed = await confirm({
        title: `Unprotect ${id}?`,
        message: `Operators will be able to change ${id}, not only admins.`,
      });
      if (!isConfirmed) return;
    }
    try {
      await setProtected.mutateAsync({ environment: id, isProtected });
      toast(`${id} is ${isProtected ? 'protected' : 'no longer protected'}`);
    } catch (error) {
      onError(error);
    }
  };

  const columns: DataColumn<EnvironmentProtection>[] = [
    { header: 'Environment', cell: (environment) => environment.id },
    {
      header: 'Protected',
      cell: (environment) => (
        <NeedsRight endpoint={api.users.setProtected} environment={environment.id}>
          <ToggleSwitch
            label={environment.isProtected ? 'Only admins change it' : 'Operators change it'}
            checked={environment.isProtected}
            disabled={setProtected.isPending}
            onChange={(checked) => change(environment, checked)}
            ariaLabel={`${environment.id} protected`}
          />
        </NeedsRight>
      ),
    },
    {
      header: 'Review',
      cell: (environment) => <ReviewPolicySettings environment={environment.id} onError={onError} />,
    },
  ];
  return (
    <DataTable
      label="Environments"
      columns={columns}
      rows={environments}
      rowKey={(environment) => environment.id}
      emptyText="No environments"
    />
  );
}
