import { configKindOfPlugin, isConfigKindId } from '@console/domain/config';
import { isPluginId } from '@console/domain/operations';
import { PLUGIN_MESSAGES, type PluginDetails } from '@console/domain/plugin';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { Loading } from '../../components/Loading.tsx';
import { NotFoundNotice } from '../../components/NotFoundNotice.tsx';
import { Page } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import {
  type ErrorBannerState,
  useErrorBanner,
  useReportQueryError,
} from '../../shell/feedback/useErrorBanner.ts';
import { DraftTab } from './DraftTab.tsx';
import { PluginDescriptionEditor } from './PluginDescriptionEditor.tsx';
import { PluginEntryCard } from './PluginEntryCard.tsx';
import { usePluginQuery } from './plugin.queries.ts';

// Two tabs kept in ?tab=; the first (0) is the active set, the second (1) the draft.
export const ACTIVE_TAB = 0;
export const DRAFT_TAB = 1;
export const NO_ACTIVE_ENTRIES = 'No AB-test is active in this plugin';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The plugin id of the route, or null when it names no plugin ("Plugin not found"). */
function pluginIdOf(param: string): number | null {
  const id = /^\d+$/.test(param) ? Number(param) : Number.NaN;
  return isPluginId(id) ? id : null;
}

/** /plugin/{id}: the description, the active set (read-only) and the autosaved draft. */
export function PluginDetailsPage() {
  const { id = '' } = useParams();
  const { active: environment } = useActiveEnvironment();
  const pluginId = pluginIdOf(id);
  const query = usePluginQuery(pluginId ?? 0, { enabled: pluginId !== null });
  const banner = useErrorBanner();
  useReportQueryError(banner, isNotFound(query.error) ? null : query.error);

  if (pluginId === null || isNotFound(query.error)) {
    return (
      <NotFoundNotice
        title={PLUGIN_MESSAGES.notFoundPage}
        text={`There is no plugin with the ID '${id}' in ${environment}.`}
        backTo="/plugin"
        backLabel="Back to plugins"
      />
    );
  }
  const plugin = query.data;
  return (
    <Page title={`Plugin ${plugin?.name ?? id}`}>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {!plugin ? (
        // A page error shows in the banner and the loading indicator stops.
        query.isError ? null : (
          <Loading />
        )
      ) : (
        <PluginDetailsView
          plugin={plugin}
          banner={banner}
          reloadPlugin={async () => (await query.refetch()).data}
        />
      )}
    </Page>
  );
}

interface PluginDetailsViewProps {
  plugin: PluginDetails;
  banner: ErrorBannerState;
  reloadPlugin(): Promise<PluginDetails | undefined>;
}

function PluginDetailsView({ plugin, banner, reloadPlugin }: PluginDetailsViewProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === String(DRAFT_TAB) ? DRAFT_TAB : ACTIVE_TAB;
  const showTab = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('tab', String(next));
      return params;
    });
  // Every plugin is served by exactly one configuration kind (config-kinds.ts).
  const kindId = configKindOfPlugin(plugin.id)?.id;
  const kind = kindId !== undefined && isConfigKindId(kindId) ? kindId : undefined;
  // Close of the activation result unmounts its opener (the draft's Activate): focus goes to the result,
  // the Active tab, instead of the page body.
  const activeTab = useRef<HTMLDivElement>(null);
  const isFocusOwedToActiveTab = useRef(false);
  useEffect(() => {
    if (tab !== ACTIVE_TAB || !isFocusOwedToActiveTab.current) return;
    isFocusOwedToActiveTab.current = false;
    activeTab.current?.focus();
  }, [tab]);

  return (
    <>
      <PluginDescriptionEditor pluginId={plugin.id} description={plugin.description} />
      <Tabs value={tab} onChange={(_event, next: number) => showTab(next)} sx={{ mb: 2 }}>
        <Tab
          ref={activeTab}
          label="Active"
          value={ACTIVE_TAB}
          id="plugin-tab-0"
          aria-controls="plugin-tabpanel-0"
        />
        <Tab label="Draft" value={DRAFT_TAB} id="plugin-tab-1" aria-controls="plugin-tabpanel-1" />
      </Tabs>
      <Box role="tabpanel" id={`plugin-tabpanel-${tab}`} aria-labelledby={`plugin-tab-${tab}`}>
        {tab === ACTIVE_TAB || !kind ? (
          <ActiveSet plugin={plugin} />
        ) : (
          <DraftTab
            plugin={plugin}
            kind={kind}
            onError={banner.report}
            reloadPlugin={reloadPlugin}
            onActivationClosed={() => {
              isFocusOwedToActiveTab.current = true;
              showTab(ACTIVE_TAB);
              void reloadPlugin();
            }}
          />
        )}
      </Box>
    </>
  );
}

/** The first tab is the active configuration, read-only. */
function ActiveSet({ plugin }: { plugin: PluginDetails }) {
  const entries = plugin.data.active;
  if (entries.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{NO_ACTIVE_ENTRIES}</Typography>;
  }
  return (
    <Stack spacing={2}>
      {entries.map((entry) => (
        <PluginEntryCard
          key={`${entry.abTestId}/${entry.abTestVersion}`}
          entry={entry}
          abTest={plugin.abTests.find((abTest) => abTest.id === entry.abTestId)}
          pluginName={plugin.name}
        />
      ))}
    </Stack>
  );
}
