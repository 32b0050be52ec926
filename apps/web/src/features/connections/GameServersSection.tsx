import {
  describePickup,
  GAME_SERVER_LIVE_MS,
  type GameServer,
  type GameServerList,
  isLive,
  RUNTIME_PATHS,
  summarizePickup,
} from '@console/domain/runtime';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatRecentTime } from '../../components/format.ts';
import { Loading } from '../../components/Loading.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { type ErrorBannerState, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { useGameServerListQuery } from './connections.queries.ts';

export const NO_GAME_SERVERS_TEXT = 'No game server has reported';

const SEVERITY: Record<ReturnType<typeof summarizePickup>['kind'], AlertColor> = {
  current: 'success',
  behind: 'warning',
  silent: 'info',
  unpublished: 'info',
};

/**
 * Pickup confirmation: which revision each game server of the environment reported
 * applying, and whether every server that reported lately runs the latest published revision.
 */
export function GameServersSection({ banner }: { banner: ErrorBannerState }) {
  const gameServers = useGameServerListQuery();
  useReportQueryError(banner, gameServers.error);
  return (
    <Box component="section" aria-label="Game servers" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2">
        Game servers
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Game servers report the revision they applied to {RUNTIME_PATHS.applied}; those silent for{' '}
        {GAME_SERVER_LIVE_MS / 60_000} minutes are not counted.
      </Typography>
      {gameServers.data ? <GameServers list={gameServers.data} /> : gameServers.isError ? null : <Loading />}
    </Box>
  );
}

function GameServers({ list }: { list: GameServerList }) {
  const summary = summarizePickup(list);
  const time = (utcMs: number) => formatRecentTime(utcMs, list.checked);
  const latest = list.latestRevision;
  const status = (server: GameServer) => {
    if (!isLive(server, list.checked)) return 'Silent';
    return latest === null || server.revision >= latest ? 'Up to date' : 'Behind';
  };
  const columns: DataColumn<GameServer>[] = [
    { header: 'Instance', cell: (server) => server.instance, sx: { fontFamily: 'monospace' } },
    { header: 'Revision', cell: (server) => server.revision, align: 'right' },
    { header: 'Status', cell: status },
    { header: 'Applied', cell: (server) => time(server.applied), noWrap: true },
    { header: 'Last report', cell: (server) => time(server.reported), noWrap: true },
    { header: 'Address', cell: (server) => server.address },
  ];
  return (
    <>
      <Alert severity={SEVERITY[summary.kind]} sx={{ mb: 2 }} data-testid="pickup-summary">
        {describePickup(summary, time)}
        {summary.kind === 'silent' ? ` (latest revision ${summary.latestRevision})` : null}
      </Alert>
      <DataTable
        label="Game servers"
        columns={columns}
        rows={list.instances}
        rowKey={(server) => server.instance}
        emptyText={NO_GAME_SERVERS_TEXT}
      />
    </>
  );
}
