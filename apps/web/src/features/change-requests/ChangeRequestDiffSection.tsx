import type { ChangeRequestDiff, ChangeRequestImpact } from '@console/domain/change-request';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { DiffView } from '../revisions/DiffView.tsx';
import { TransferPreviewTables } from '../transfer/TransferPreviewTables.tsx';

const IMPACT_COLUMNS: DataColumn<ChangeRequestImpact>[] = [
  { header: 'Plugin', cell: (impact) => impact.plugin },
  { header: 'Impact', cell: (impact) => impact.sentence },
];

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} variant="h5" component="h2" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}

/**
 * What applying the request now does to its environment as it is now: the transfer preview's groups, the
 * field-level view of each changed item (the revision diff), the player impact per plugin, the schedule
 * conflicts it would bring, and what the environment would lack.
 */
export function ChangeRequestDiffSection({
  diff,
  environment,
}: {
  diff: ChangeRequestDiff;
  environment: string;
}) {
  const isEmpty = Object.values(diff.groups).every((items) => items.length === 0);
  return (
    <Stack spacing={2}>
      {diff.isBaseMoved && (
        <Alert severity="info">
          {`${environment} changed since this request was made: what follows is against ${environment} as it is now.`}
        </Alert>
      )}
      {diff.missing.length > 0 && (
        <Alert severity="warning">
          {`Applying is refused while ${environment} would lack: ${diff.missing.join('; ')}`}
        </Alert>
      )}
      <section aria-labelledby="cr-changes">
        <Heading id="cr-changes">Changes</Heading>
        {isEmpty ? (
          <Typography role="status">{`No changes: the request holds what ${environment} holds.`}</Typography>
        ) : (
          <TransferPreviewTables
            groups={Object.fromEntries(Object.entries(diff.groups).filter(([, items]) => items.length > 0))}
          />
        )}
      </section>
      <section aria-labelledby="cr-fields">
        <Heading id="cr-fields">What game servers receive differently</Heading>
        <DiffView described={diff.fields} />
      </section>
      <section aria-labelledby="cr-impact">
        <Heading id="cr-impact">Player impact</Heading>
        <DataTable
          label="Player impact"
          columns={IMPACT_COLUMNS}
          rows={diff.impact}
          rowKey={(impact) => impact.pluginId}
          emptyText="No player changes case or configuration"
        />
      </section>
      <section aria-labelledby="cr-schedule">
        <Heading id="cr-schedule">Schedule conflicts</Heading>
        {diff.scheduleConflicts.length === 0 ? (
          <Typography>No schedule conflicts</Typography>
        ) : (
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 3 }}>
            {diff.scheduleConflicts.map((conflict) => (
              <Typography component="li" key={`${conflict.plugin}:${conflict.configuration}`}>
                {`${conflict.plugin} · ${conflict.configuration}: ${conflict.message}`}
              </Typography>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
