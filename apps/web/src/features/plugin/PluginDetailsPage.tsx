import { useParams } from 'react-router';
import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function PluginDetailsPage() {
  const { id = '' } = useParams();
  return (
    <Page title={`Plugin ${id}`}>
      <PlannedScreen />
    </Page>
  );
}
