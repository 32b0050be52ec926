import { api } from '@console/domain/endpoints';
import {
  type ArchivedEnvironment,
  archiveRefusal,
  isServedByKeysRefusal,
} from '@console/domain/environment-archive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { TypeToConfirmDialog } from '../../components/dialogs/TypeToConfirmDialog.tsx';
import { formatDateTime } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight, useIsProtected } from '../../shell/session/rights.tsx';
import {
  useArchivedEnvironmentsQuery,
  useArchiveEnvironmentMutation,
  useRestoreEnvironmentMutation,
} from './environments.queries.ts';

/** The archive being confirmed: first what happens, then (runtime keys serve it) the keys' refusal. */
type Pending = { id: string; servedBy: null } | { id: string; servedBy: string };

export const archiveMessage = (id: string) =>
  `${id} leaves the environment menu for everyone and its runtime keys stop working: game servers ` +
  'using them are refused and their streams close. Its content is kept and can be restored from Archived.';

/**
 * Environments (docs/decisions/0066): those in use,
 * each with Archive, and the archived ones, each with Restore. Console-wide admins only.
 */
export function EnvironmentsPage() {
  const { environments } = useActiveEnvironment();
  const archived = useArchivedEnvironmentsQuery();
  const archive = useArchiveEnvironmentMutation();
  const restore = useRestoreEnvironmentMutation();
  const { toast } = useGlobalUi();
  const banner = useErrorBanner();
  const [pending, setPending] = useState<Pending | null>(null);
  useReportQueryError(banner, archived.error);

  // The confirmation stays open while the archive call runs, and turns into the second one when runtime
  // keys serve the environment: one dialog throughout, never closed and reopened between the two steps.
  const archiveConfirmed = async ({ id, servedBy }: Pending): Promise<Pending | null> => {
    try {
      const result = await archive.mutateAsync({
        configurationId: id,
        confirmServedByKeys: servedBy !== null,
      });
      const stopped = result.stoppedKeyCount;
      const keys = stopped === 1 ? '1 runtime key' : `${stopped} runtime keys`;
      toast(`Environment ${id} archived${stopped > 0 ? `; ${keys} stopped` : ''}`);
      return null;
    } catch (error) {
      // Runtime keys serve it: the second confirmation says so and asks for the id.
      if (error instanceof ApiError && error.status === 409 && isServedByKeysRefusal(error.message)) {
        return { id, servedBy: error.message };
      }
      banner.report(error);
      return null;
    }
  };
  const answer = async (isConfirmed: boolean) => {
    if (!isConfirmed || pending === null) {
      setPending(null);
      return;
    }
    setPending(await archiveConfirmed(pending));
  };
  const restoreOne = async (id: string) => {
    try {
      await restore.mutateAsync({ configurationId: id });
      toast(`Environment ${id} restored`);
    } catch (error) {
      banner.report(error);
    }
  };

  return (
    <Page title="Environments">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        An archived environment leaves the environment menu and its runtime keys stop working; its content is
        kept until it is restored.
      </Typography>
      <InUseTable
        environments={environments}
        isBusy={archive.isPending}
        onArchive={(id) => setPending({ id, servedBy: null })}
      />
      <Box component="section" aria-labelledby="archived-heading" sx={{ mt: 4 }}>
        <Typography id="archived-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Archived
        </Typography>
        <QueryContent query={archived}>
          {(rows) => <ArchivedTable environments={rows} isBusy={restore.isPending} onRestore={restoreOne} />}
        </QueryContent>
      </Box>
      <TypeToConfirmDialog
        open={pending !== null}
        title={
          pending?.servedBy ? `Runtime keys serve ${pending.id}` : `Archive environment ${pending?.id ?? ''}?`
        }
        message={
          pending?.servedBy
            ? `${pending.servedBy}. ${archiveMessage(pending.id)}`
            : archiveMessage(pending?.id ?? '')
        }
        confirmLabel={
          pending?.servedBy ? `Archive ${pending.id} and stop its keys` : `Archive ${pending?.id ?? ''}`
        }
        typedConfirmation={pending?.servedBy ? pending.id : undefined}
        isBusy={archive.isPending}
        onAnswer={(isConfirmed) => void answer(isConfirmed)}
      />
    </Page>
  );
}

function InUseTable({
  environments,
  isBusy,
  onArchive,
}: {
  environments: readonly string[];
  isBusy: boolean;
  onArchive(id: string): void;
}) {
  const columns: DataColumn<string>[] = [
    { header: 'ID', cell: (id) => id },
    {
      header: 'Actions',
      align: 'right',
      cell: (id) => <ArchiveButton id={id} isBusy={isBusy} onArchive={onArchive} />,
    },
  ];
  return (
    <DataTable
      label="Environments in use"
      columns={columns}
      rows={environments}
      rowKey={(id) => id}
      emptyText="No environments"
    />
  );
}

function ArchiveButton({
  id,
  isBusy,
  onArchive,
}: {
  id: string;
  isBusy: boolean;
  onArchive(id: string): void;
}) {
  const isProtected = useIsProtected(id);
  // The server's own rule, so prod and dev say why before a click (keys are asked about after it).
  const refusal = archiveRefusal({ id, isProtected, isArchived: false, servingKeyCount: 0 }, false);
  return (
    <NeedsRight endpoint={api.environment.archive} lockedBecause={refusal ?? undefined}>
      <Button size="small" color="error" disabled={isBusy} onClick={() => onArchive(id)}>
        Archive {id}
      </Button>
    </NeedsRight>
  );
}

function ArchivedTable({
  environments,
  isBusy,
  onRestore,
}: {
  environments: readonly ArchivedEnvironment[];
  isBusy: boolean;
  onRestore(id: string): void;
}) {
  const columns: DataColumn<ArchivedEnvironment>[] = [
    { header: 'ID', cell: (environment) => environment.id },
    { header: 'Archived', cell: (environment) => formatDateTime(environment.archived), noWrap: true },
    { header: 'Archived by', cell: (environment) => environment.archivedBy },
    {
      header: 'Actions',
      align: 'right',
      cell: (environment) => (
        <NeedsRight endpoint={api.environment.restore}>
          <Button size="small" disabled={isBusy} onClick={() => onRestore(environment.id)}>
            Restore {environment.id}
          </Button>
        </NeedsRight>
      ),
    },
  ];
  return (
    <DataTable
      label="Archived environments"
      columns={columns}
      rows={environments}
      rowKey={(environment) => environment.id}
      emptyText="No archived environments"
    />
  );
}
