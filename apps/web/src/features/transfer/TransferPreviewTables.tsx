import {
  TransferOperation,
  type TransferPreviewGroups,
  type TransferPreviewItem,
} from '@console/domain/operations';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';

const OPERATION_COLORS = {
  [TransferOperation.Create]: 'success',
  [TransferOperation.Update]: 'warning',
  [TransferOperation.Delete]: 'error',
  [TransferOperation.Unchanged]: 'default',
} as const;

const PAYLOAD_SHOWN_LENGTH = 300;
const payloadText = (item: TransferPreviewItem) => JSON.stringify(item.payload) ?? '';

const COLUMNS: DataColumn<TransferPreviewItem>[] = [
  {
    header: 'Op',
    cell: (item) => <Chip size="small" label={item.operation} color={OPERATION_COLORS[item.operation]} />,
  },
  { header: 'ID', cell: (item) => String(item.id) },
  { header: 'Active', cell: (item) => (item.active ? 'Yes' : 'No') },
  { header: 'Title', cell: (item) => item.title },
  {
    header: 'Payload',
    cell: (item) => {
      const payload = payloadText(item);
      return payload.length > PAYLOAD_SHOWN_LENGTH ? `${payload.slice(0, PAYLOAD_SHOWN_LENGTH)}…` : payload;
    },
    title: payloadText,
    sx: { fontFamily: 'monospace', fontSize: 12, maxWidth: 480, overflowWrap: 'anywhere' },
  },
];

/** Per group, a table with columns Op, ID, Active, Title, Payload. */
export function TransferPreviewTables({ groups }: { groups: TransferPreviewGroups }) {
  return (
    <Stack spacing={3}>
      {Object.entries(groups).map(([group, items]) => (
        <section key={group} aria-label={group}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {group}
          </Typography>
          <DataTable
            label={group}
            columns={COLUMNS}
            rows={items}
            rowKey={(item) => `${typeof item.id}:${item.id}`}
            emptyText="No items"
          />
        </section>
      ))}
    </Stack>
  );
}
