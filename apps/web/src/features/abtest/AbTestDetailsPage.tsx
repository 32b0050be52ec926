import { useParams } from 'react-router';
import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

export function AbTestDetailsPage() {
  const { id = '' } = useParams();
  return (
    <Page title={`AB-test ${id}`}>
      <PlannedScreen />
    </Page>
  );
}
