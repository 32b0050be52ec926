import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { ScheduleConflictList } from './ScheduleConflictList.tsx';
import { ScheduleControls } from './ScheduleControls.tsx';
import { ScheduleLegend } from './ScheduleLegend.tsx';
import { ScheduleTimeline } from './ScheduleTimeline.tsx';
import { useScheduleOverviewQuery } from './schedule.queries.ts';
import { readScheduleSettings, type ScheduleSettings, writeScheduleSettings } from './scheduleSettings.ts';

/**
 * Schedule overview (/plugin/overview), where each plugin's configurations run, slot
 * by slot, around the server's clock, with the conflicts found in the range. The range is in the URL.
 */
export function ScheduleOverviewPage() {
  const [params, setParams] = useSearchParams();
  const settings = readScheduleSettings(params);
  const overview = useScheduleOverviewQuery(settings);
  const banner = useErrorBanner();
  useReportQueryError(banner, overview.error);

  const change = (next: ScheduleSettings) =>
    setParams((current) => writeScheduleSettings(current, next), { replace: true });
  const data = overview.data;

  return (
    <Page title="Schedule Overview">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Where the configurations of each plugin's active set
        {settings.includeDraft ? ' and draft' : ''} run, slot by slot (UTC), and what conflicts.
      </Typography>
      <ScheduleControls settings={settings} onChange={change} />
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {overview.isPending && !overview.isError && <Loading />}
      {data && (
        <>
          <ScheduleConflictList conflicts={data.conflicts} />
          {data.plugins.length === 0 ? (
            <Typography>
              No plugin's active set{data.includeDraft ? ' or draft' : ''} references a configuration.
            </Typography>
          ) : (
            <>
              <ScheduleLegend />
              <ScheduleTimeline overview={data} />
            </>
          )}
        </>
      )}
    </Page>
  );
}
