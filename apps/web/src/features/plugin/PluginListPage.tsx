import { api } from '@console/domain/endpoints';
import type { PluginListItem } from '@console/domain/operations';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { formatDateTime } from '../../components/format.ts';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight, useIsProtected } from '../../shell/session/rights.tsx';
import { useActivatePluginMutation, usePluginListQuery } from './plugin.queries.ts';

/** Plugin list: every plugin with an on/off switch; the list reloads after each toggle. */
export function PluginListPage() {
  const plugins = usePluginListQuery();
  const activate = useActivatePluginMutation();
  const banner = useErrorBanner();
  const { active: environment } = useActiveEnvironment();
  const { confirm, toast } = useGlobalUi();
  const isProtected = useIsProtected(environment);
  useReportQueryError(banner, plugins.error);

  const toggle = async (plugin: PluginListItem) => {
    const isSwitchingOn = !plugin.active;
    const onOff = isSwitchingOn ? 'on' : 'off';
    // In a protected environment one click changes what players get, so it asks first.
    if (
      isProtected &&
      !(await confirm({
        title: `Switch ${plugin.name} ${onOff} in ${environment}?`,
        message: `Players in ${environment} ${isSwitchingOn ? 'get' : 'lose'} ${plugin.name} at once.`,
      }))
    ) {
      return;
    }
    // One toggle at a time: a second mutate() would replace the first one's callbacks and lose its error.
    activate.mutate(
      { pluginId: plugin.id, active: isSwitchingOn },
      {
        onSuccess: (result) =>
          toast(`${result.name} switched ${result.active ? 'on' : 'off'} in ${environment}`, 'success', {
            kind: `plugin.switch.${result.name}`,
          }),
        onError: banner.report,
      },
    );
  };

  return (
    <Page title="Plugin">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        A plugin is a section of the game client that can be switched on or off per environment; it is often
        tied to an A/B-test. Open a plugin to see its details.
      </Typography>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <QueryContent query={plugins} what="Plugins">
        {(rows) => <PluginTable plugins={rows} isToggling={activate.isPending} onToggle={toggle} />}
      </QueryContent>
    </Page>
  );
}

interface PluginTableProps {
  plugins: readonly PluginListItem[];
  /** A toggle is in flight: every switch waits for it. */
  isToggling: boolean;
  onToggle(plugin: PluginListItem): void;
}

function PluginTable({ plugins, isToggling, onToggle }: PluginTableProps) {
  const columns: DataColumn<PluginListItem>[] = [
    {
      header: 'State',
      sticky: 'state',
      cell: (plugin) => (
        <NeedsRight endpoint={api.plugin.activate}>
          <ToggleSwitch
            checked={plugin.active}
            onChange={() => {
              if (!isToggling) onToggle(plugin);
            }}
            ariaLabel={`${plugin.name} active`}
            isBusy={isToggling}
          />
        </NeedsRight>
      ),
    },
    {
      header: 'ID',
      sticky: 'start',
      cell: (plugin) => (
        <>
          <Link component={RouterLink} to={`/plugin/${plugin.id}`}>
            {plugin.name}
          </Link>{' '}
          <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
            ({plugin.id})
          </Typography>
        </>
      ),
    },
    { header: 'Description', cell: (plugin) => <bdi>{plugin.description}</bdi> },
    { header: 'Created', cell: (plugin) => formatDateTime(plugin.created), noWrap: true },
    { header: 'Modified', cell: (plugin) => formatDateTime(plugin.modified), noWrap: true },
    { header: 'Modifier', cell: (plugin) => plugin.lastModifier },
  ];
  return (
    <DataTable
      label="Plugins"
      columns={columns}
      rows={plugins}
      rowKey={(plugin) => plugin.id}
      emptyText="No plugins"
      hover
    />
  );
}
