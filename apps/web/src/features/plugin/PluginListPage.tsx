import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function PluginListPage() {
  return (
    <Page title="Plugin">
      <PlannedScreen />
    </Page>
  );
}
