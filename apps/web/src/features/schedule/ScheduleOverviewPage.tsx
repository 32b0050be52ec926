import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function ScheduleOverviewPage() {
  return (
    <Page title="Schedule Overview">
      <PlannedScreen />
    </Page>
  );
}
