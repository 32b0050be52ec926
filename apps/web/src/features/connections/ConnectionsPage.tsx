import { api } from '@console/domain/endpoints';
import { type Connection, NO_CONNECTIONS_TEXT } from '@console/domain/operations';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { MoreVertIcon } from '../../components/icons.tsx';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { RuntimeKeysSection } from '../runtime-keys/RuntimeKeysSection.tsx';
import {
  useCloseConnectionMutation,
  useConnectionListQuery,
  useReloadConnectionsScreen,
} from './connections.queries.ts';
import { GameServersSection } from './GameServersSection.tsx';

/**
 * Client Connections: live game-client sessions of the active environment (on every server
 * process); Delete closes one. Below: the game servers' applied revisions, and the runtime keys.
 */
export function ConnectionsPage() {
  const connections = useConnectionListQuery();
  const close = useCloseConnectionMutation();
  const reload = useReloadConnectionsScreen();
  const { toast } = useGlobalUi();
  const banner = useErrorBanner();
  useReportQueryError(banner, connections.error);

  // mutateAsync: each Delete settles on its own; a second mutate() would drop the first one's callbacks.
  const closeConnection = async (connection: Connection) => {
    try {
      await close.mutateAsync({ id: connection.id });
      toast(`Connection of ${connection.principal} closed`);
    } catch (error) {
      banner.report(error);
    }
  };

  return (
    <Page
      title="Connections"
      actions={
        <Button onClick={() => reload()} disabled={connections.isFetching}>
          Reload
        </Button>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <QueryContent query={connections} what="Connections">
        {(rows) => <ConnectionTable connections={rows} onDelete={closeConnection} />}
      </QueryContent>
      <GameServersSection banner={banner} />
      <RuntimeKeysSection banner={banner} />
    </Page>
  );
}

function ConnectionTable({
  connections,
  onDelete,
}: {
  connections: readonly Connection[];
  onDelete(connection: Connection): void;
}) {
  const columns: DataColumn<Connection>[] = [
    { header: 'ID', cell: (connection) => connection.id, sx: { fontFamily: 'monospace' } },
    { header: 'Principal', cell: (connection) => connection.principal },
    { header: 'Remote Address', cell: (connection) => connection.address },
    {
      header: 'Actions',
      align: 'right',
      cell: (connection) => <RowActions connection={connection} onDelete={onDelete} />,
    },
  ];
  return (
    <DataTable
      label="Connections"
      columns={columns}
      rows={connections}
      rowKey={(connection) => connection.id}
      emptyText={NO_CONNECTIONS_TEXT}
      hover
    />
  );
}

function RowActions({
  connection,
  onDelete,
}: {
  connection: Connection;
  onDelete(connection: Connection): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${connection.principal}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <NeedsRight endpoint={api.connections.close}>
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onDelete(connection);
            }}
          >
            Delete
          </MenuItem>
        </NeedsRight>
      </Menu>
    </>
  );
}
