import { api } from '@console/domain/endpoints';
import type { Metric } from '@console/domain/experiment';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { setOrDelete, useViewState } from '../../components/useViewState.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { MetricDialog } from './MetricDialog.tsx';
import { MetricTable } from './MetricTable.tsx';
import { METRIC_TOAST } from './metrics.labels.ts';
import { useArchiveMetricMutation, useMetricListQuery } from './metrics.queries.ts';

const readShowArchived = (params: URLSearchParams) => params.get('archived') === '1';
const writeShowArchived = (params: URLSearchParams, showArchived: boolean) =>
  setOrDelete(params, 'archived', showArchived ? '1' : '');

/** /metric (not /metrics: the process's Prometheus endpoint): what the A/B-tests' results measure in this environment, defined by operators. */
export function MetricsPage() {
  const [showArchived, setShowArchived] = useViewState(readShowArchived, writeShowArchived);
  const metrics = useMetricListQuery(showArchived);
  const archive = useArchiveMetricMutation();
  const banner = useErrorBanner();
  const { confirm, toast } = useGlobalUi();
  const [editing, setEditing] = useState<Metric | 'new' | null>(null);
  useReportQueryError(banner, metrics.error);

  const archiveMetric = async (metric: Metric, archived: boolean) => {
    if (archived) {
      const isConfirmed = await confirm({
        title: `Archive metric ${metric.name}?`,
        message:
          'It is no longer counted or shown in any A/B-test results. Restoring it later counts it again ' +
          'over every event received, those sent while it was archived included.',
      });
      if (!isConfirmed) return;
    }
    try {
      await archive.mutateAsync({ id: metric.id, archived });
      toast(`Metric ${metric.name} ${archived ? 'archived' : 'restored'}`, 'success', METRIC_TOAST);
    } catch (error) {
      banner.report(error);
    }
  };

  return (
    <Page
      title="Metrics"
      actions={
        <NeedsRight endpoint={api.experiment.createMetric}>
          <Button variant="contained" onClick={() => setEditing('new')}>
            Create metric
          </Button>
        </NeedsRight>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Typography sx={{ color: 'text.secondary', mb: 1 }}>
        What the A/B-tests&apos; results measure: each metric reads the events game servers send with
        runtime.track(userId, event, value). Guardrails are metrics a test must not harm.
      </Typography>
      <ToggleSwitch checked={showArchived} onChange={setShowArchived} label="Show archived metrics" />
      <QueryContent query={metrics} what="Metrics">
        {(rows) => <MetricTable metrics={rows} onEdit={setEditing} onArchive={archiveMetric} />}
      </QueryContent>
      <MetricDialog metric={editing} onClose={() => setEditing(null)} />
    </Page>
  );
}
