import { TransferOperation, type TransferPreviewGroups, type TransferPreviewItem } from '@console/domain';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

const OPERATION_COLORS = {
  [TransferOperation.Create]: 'success',
  [TransferOperation.Update]: 'warning',
  [TransferOperation.Delete]: 'error',
  [TransferOperation.Unchanged]: 'default',
} as const;

/** spec §2: per group, a table with columns Op, ID, Active, Title, Payload. */
export function TransferPreviewTables({ groups }: { groups: TransferPreviewGroups }) {
  return (
    <Stack spacing={3}>
      {Object.entries(groups).map(([group, items]) => (
        <section key={group} aria-label={group}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {group}
          </Typography>
          <TableContainer component={Paper}>
            <Table size="small" aria-label={group}>
              <TableHead>
                <TableRow>
                  <TableCell>Op</TableCell>
                  <TableCell>ID</TableCell>
                  <TableCell>Active</TableCell>
                  <TableCell>Title</TableCell>
                  <TableCell>Payload</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={5}>
                      <Typography sx={{ color: 'text.secondary' }}>No items</Typography>
                    </TableCell>
                  </TableRow>
                ) : (
                  items.map((item) => <PreviewRow key={`${typeof item.id}:${item.id}`} item={item} />)
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </section>
      ))}
    </Stack>
  );
}

function PreviewRow({ item }: { item: TransferPreviewItem }) {
  const payload = JSON.stringify(item.payload) ?? '';
  return (
    <TableRow>
      <TableCell>
        <Chip size="small" label={item.operation} color={OPERATION_COLORS[item.operation]} />
      </TableCell>
      <TableCell>{String(item.id)}</TableCell>
      <TableCell>{item.active ? 'Yes' : 'No'}</TableCell>
      <TableCell>{item.title}</TableCell>
      <TableCell
        sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 480, overflowWrap: 'anywhere' }}
        title={payload}
      >
        {payload.length > 300 ? `${payload.slice(0, 300)}…` : payload}
      </TableCell>
    </TableRow>
  );
}
