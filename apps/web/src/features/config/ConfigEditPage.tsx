import { useParams } from 'react-router';
import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';

/** /config/:type/create and /config/:type/:id/edit. */
export function ConfigEditPage() {
  const { type = '', id } = useParams();
  return (
    <Page title={id === undefined ? `Create ${type}` : `Edit ${type} ${id}`}>
      <PlannedScreen />
    </Page>
  );
}
