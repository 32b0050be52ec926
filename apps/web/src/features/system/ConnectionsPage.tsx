import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function ConnectionsPage() {
  return (
    <Page title="Connections">
      <PlannedScreen />
    </Page>
  );
}
