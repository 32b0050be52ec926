import { api, type EnvironmentProtection } from '@console/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { useSetEnvironmentProtectedMutation } from './users.queries.ts';

/** Which environments are protected (only admins change anything there); an admin of one switches it. */
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
          <FormControlLabel
            label={environment.isProtected ? 'Only admins change it' : 'Operators change it'}
            control={
              <Switch
                checked={environment.isProtected}
                disabled={setProtected.isPending}
                onChange={(event) => change(environment, event.target.checked)}
                slotProps={{ input: { 'aria-label': `${environment.id} protected` } }}
              />
            }
          />
        </NeedsRight>
      ),
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
