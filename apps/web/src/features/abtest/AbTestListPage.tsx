import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function AbTestListPage() {
  return (
    <Page title="AB-test">
      <PlannedScreen />
    </Page>
  );
}
