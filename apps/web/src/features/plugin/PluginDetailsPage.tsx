import { useParams } from 'react-router';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { Loading } from '../../shell/Loading.tsx';
import { NotFoundNotice } from '../../shell/NotFoundNotice.tsx';
import { Page } from '../../shell/Page.tsx';
import { PlannedScreen } from '../../shell/PlannedScreen.tsx';
import { usePluginListQuery } from './plugin.queries.ts';

/** spec §2 /plugin/{id}: "Plugin not found" when missing; the draft and active set come with the plugin-details issue. */
export function PluginDetailsPage() {
  const { id = '' } = useParams();
  const { active: environment } = useActiveEnvironment();
  const plugins = usePluginListQuery();
  if (plugins.isPending) return <Loading />;
  const plugin = plugins.data?.find((candidate) => String(candidate.id) === id);
  if (plugins.data && !plugin) {
    return (
      <NotFoundNotice
        title="Plugin not found"
        text={`There is no plugin with the ID '${id}' in ${environment}.`}
        backTo="/plugin"
        backLabel="Back to plugins"
      />
    );
  }
  return (
    <Page title={`Plugin ${plugin?.name ?? id}`}>
      <PlannedScreen />
    </Page>
  );
}
