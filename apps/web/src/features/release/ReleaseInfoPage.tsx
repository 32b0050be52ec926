import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function ReleaseInfoPage() {
  return (
    <Page title="Release Info">
      <PlannedScreen />
    </Page>
  );
}
