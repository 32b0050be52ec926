import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function UserAdminPage() {
  return (
    <Page title="User Admin">
      <PlannedScreen />
    </Page>
  );
}
