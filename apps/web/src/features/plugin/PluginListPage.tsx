import type { PluginListItem } from '@console/domain';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ErrorBanner } from '../../shell/ErrorBanner.tsx';
import { formatDateTime } from '../../shell/format.ts';
import { Loading } from '../../shell/Loading.tsx';
import { Page } from '../../shell/Page.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/useErrorBanner.ts';
import { useActivatePluginMutation, usePluginListQuery } from './plugin.queries.ts';

/** spec §2 Plugin list: every plugin with an on/off switch; the list reloads after each toggle. */
export function PluginListPage() {
  const plugins = usePluginListQuery();
  const activate = useActivatePluginMutation();
  const banner = useErrorBanner();
  useReportQueryError(banner, plugins.error);

  // One toggle at a time: a second mutate() would replace the first one's callbacks and lose its error.
  const toggle = (plugin: PluginListItem) =>
    activate.mutate({ pluginId: plugin.id, active: !plugin.active }, { onError: banner.report });

  return (
    <Page title="Plugin">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        A plugin is a section of the game client that can be switched on or off per environment; it is often
        tied to an A/B-test. Open a plugin to see its details.
      </Typography>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {plugins.isPending && !plugins.isError ? (
        <Loading />
      ) : (
        <PluginTable plugins={plugins.data ?? []} isToggling={activate.isPending} onToggle={toggle} />
      )}
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
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Plugins">
        <TableHead>
          <TableRow>
            <TableCell>State</TableCell>
            <TableCell>ID</TableCell>
            <TableCell>Description</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Created</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>Modified</TableCell>
            <TableCell>Modifier</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plugins.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography sx={{ color: 'text.secondary' }}>No plugins</Typography>
              </TableCell>
            </TableRow>
          ) : (
            plugins.map((plugin) => (
              <TableRow key={plugin.id} hover>
                <TableCell>
                  <Switch
                    checked={plugin.active}
                    disabled={isToggling}
                    onChange={() => onToggle(plugin)}
                    slotProps={{ input: { 'aria-label': `${plugin.name} active` } }}
                  />
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={`/plugin/${plugin.id}`}>
                    {plugin.name}
                  </Link>{' '}
                  <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                    ({plugin.id})
                  </Typography>
                </TableCell>
                <TableCell>{plugin.description}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(plugin.created)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(plugin.modified)}</TableCell>
                <TableCell>{plugin.lastModifier}</TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
