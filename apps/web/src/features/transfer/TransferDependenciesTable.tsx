import {
  type TransferDependency,
  TransferDependencyOutcome,
  TransferDependencyStatus,
  transferItemKeyOf,
} from '@console/domain/operations';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';

const STATUS_COLORS = {
  [TransferDependencyStatus.Missing]: 'error',
  [TransferDependencyStatus.Equal]: 'default',
  [TransferDependencyStatus.Different]: 'warning',
} as const;

const OUTCOME_TEXTS: Record<TransferDependency['outcome'], string> = {
  [TransferDependencyOutcome.Unchanged]: 'Nothing to copy',
  [TransferDependencyOutcome.Transferred]: 'Copied with its group',
  [TransferDependencyOutcome.Carried]: 'Carried along',
  [TransferDependencyOutcome.Kept]: "Destination's kept",
  [TransferDependencyOutcome.Refused]: 'Missing: transfer refused',
};

const outcomeText = (dependency: TransferDependency) =>
  dependency.outcome === TransferDependencyOutcome.Refused && !dependency.isInSource
    ? 'Missing in the source too: transfer refused'
    : OUTCOME_TEXTS[dependency.outcome];

const COLUMNS: DataColumn<TransferDependency>[] = [
  { header: 'Group', cell: (dependency) => dependency.group },
  { header: 'ID', cell: (dependency) => String(dependency.id) },
  {
    header: 'Version',
    cell: (dependency) => (dependency.version === undefined ? '' : String(dependency.version)),
  },
  { header: 'Title', cell: (dependency) => dependency.title },
  {
    header: 'Needed by',
    cell: (dependency) => dependency.neededBy.map((by) => by.title || String(by.id)).join(', '),
  },
  {
    header: 'Destination',
    cell: (dependency) => (
      <Chip size="small" label={dependency.status} color={STATUS_COLORS[dependency.status]} />
    ),
  },
  { header: 'Transfer', cell: outcomeText },
];

const keyOf = (dependency: TransferDependency) =>
  `${dependency.group}:${transferItemKeyOf(dependency.id)}:${dependency.version ?? ''}`;

/**
 * Every A/B-test version and configuration the transferred plugins need, whether the
 * destination has it (missing, equal, different) and what the transfer does about it; above it, what
 * the destination would lack, which makes the server refuse the transfer.
 */
export function TransferDependenciesTable({
  dependencies,
  missing,
}: {
  dependencies: readonly TransferDependency[];
  missing: readonly string[];
}) {
  return (
    <section aria-label="Dependencies">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Dependencies
      </Typography>
      {missing.length > 0 ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          The transfer would be refused: the destination would lack
          <ul style={{ margin: 0 }}>
            {missing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          Choose their groups too, or Merge with "Carry what plugins need".
        </Alert>
      ) : null}
      <DataTable
        label="Dependencies"
        columns={COLUMNS}
        rows={dependencies}
        rowKey={keyOf}
        emptyText="No dependencies"
      />
    </section>
  );
}
