import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function TransferPage() {
  return (
    <Page title="Configuration Transfer">
      <PlannedScreen />
    </Page>
  );
}
