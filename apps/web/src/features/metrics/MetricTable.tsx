import { api } from '@console/domain/endpoints';
import type { Metric } from '@console/domain/experiment';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { formatDateTime } from '../../components/format.ts';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { METRIC_KIND_LABELS } from './metrics.labels.ts';

/** What the metric reads: its event, a ratio's two events, a conversion's window. */
function measuresText(metric: Metric): string {
  if (metric.kind === 'ratio') return `${metric.event} / ${metric.denominatorEvent ?? '?'}`;
  if (metric.kind === 'conversion')
    return `${metric.event} within ${metric.conversionWindowDays ?? '?'} days`;
  return metric.event;
}

export function MetricTable({
  metrics,
  onEdit,
  onArchive,
}: {
  metrics: readonly Metric[];
  onEdit(metric: Metric): void;
  onArchive(metric: Metric, archived: boolean): void;
}) {
  const columns: DataColumn<Metric>[] = [
    { header: 'Name', cell: (metric) => metric.name, sticky: 'start' },
    { header: 'ID', cell: (metric) => metric.id },
    { header: 'Kind', cell: (metric) => METRIC_KIND_LABELS[metric.kind] },
    { header: 'Event', cell: measuresText },
    { header: 'Better', cell: (metric) => (metric.higherIsBetter ? 'Higher' : 'Lower') },
    {
      header: 'Marks',
      cell: (metric) => (
        <Stack direction="row" spacing={0.5}>
          {metric.guardrail && <Chip size="small" label="Guardrail" />}
          {metric.archived && <Chip size="small" variant="outlined" label="Archived" />}
        </Stack>
      ),
    },
    { header: 'Modified', cell: (metric) => formatDateTime(metric.modified), noWrap: true },
    { header: 'User', cell: (metric) => metric.lastModifier },
    {
      header: 'Actions',
      align: 'right',
      sticky: 'end',
      cell: (metric) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <NeedsRight endpoint={api.experiment.saveMetric}>
            <Button size="small" onClick={() => onEdit(metric)} aria-label={`Edit ${metric.name}`}>
              Edit
            </Button>
          </NeedsRight>
          <NeedsRight endpoint={api.experiment.archiveMetric}>
            <Button
              size="small"
              color={metric.archived ? 'primary' : 'error'}
              onClick={() => onArchive(metric, !metric.archived)}
              aria-label={`${metric.archived ? 'Restore' : 'Archive'} ${metric.name}`}
            >
              {metric.archived ? 'Restore' : 'Archive'}
            </Button>
          </NeedsRight>
        </Stack>
      ),
    },
  ];
  return (
    <DataTable
      label="Metrics"
      columns={columns}
      rows={metrics}
      rowKey={(metric) => metric.id}
      emptyText="No metrics"
    />
  );
}
