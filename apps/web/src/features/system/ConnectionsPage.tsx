import { type Connection, NO_CONNECTIONS_TEXT } from '@console/domain';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorBanner } from '../../shell/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { Loading } from '../../shell/Loading.tsx';
import { Page } from '../../shell/Page.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/useErrorBanner.ts';
import { useCloseConnectionMutation, useConnectionListQuery } from './connections.queries.ts';
import { ConnectionsRuntimeKeys } from './connectionsRuntimeKeys.tsx';

/** spec §2 Client Connections: live game-client sessions of the active environment; Delete closes one. */
export function ConnectionsPage() {
  const connections = useConnectionListQuery();
  const close = useCloseConnectionMutation();
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
        <Button onClick={() => connections.refetch()} disabled={connections.isFetching}>
          Reload
        </Button>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {connections.isPending && !connections.isError ? (
        <Loading />
      ) : (
        <ConnectionTable connections={connections.data ?? []} onDelete={closeConnection} />
      )}
      <ConnectionsRuntimeKeys banner={banner} />
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
  return (
    <TableContainer component={Paper}>
      <Table size="small" aria-label="Connections">
        <TableHead>
          <TableRow>
            <TableCell>ID</TableCell>
            <TableCell>Principal</TableCell>
            <TableCell>Remote Address</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {connections.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>
                <Typography sx={{ color: 'text.secondary' }}>{NO_CONNECTIONS_TEXT}</Typography>
              </TableCell>
            </TableRow>
          ) : (
            connections.map((connection) => (
              <TableRow key={connection.id} hover>
                <TableCell sx={{ fontFamily: 'monospace' }}>{connection.id}</TableCell>
                <TableCell>{connection.principal}</TableCell>
                <TableCell>{connection.address}</TableCell>
                <TableCell align="right">
                  <RowActions connection={connection} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
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
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onDelete(connection);
          }}
        >
          Delete
        </MenuItem>
      </Menu>
    </>
  );
}
