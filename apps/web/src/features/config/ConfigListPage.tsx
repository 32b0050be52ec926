import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function ConfigListPage() {
  return (
    <Page title="Configuration">
      <PlannedScreen />
    </Page>
  );
}
