import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function CompensationPage() {
  return (
    <Page title="User Compensation">
      <PlannedScreen />
    </Page>
  );
}
