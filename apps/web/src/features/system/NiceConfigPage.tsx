import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function NiceConfigPage() {
  return (
    <Page title="NICE Config">
      <PlannedScreen />
    </Page>
  );
}
