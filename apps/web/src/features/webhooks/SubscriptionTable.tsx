import { api, type Webhook } from '@console/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { busyInput } from '../../components/busy.ts';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { DeliveryState } from './DeliveryStatus.tsx';
import { eventLabel, formatLabel } from './webhooks.labels.ts';
import { useLastDeliveryQuery } from './webhooks.queries.ts';

interface SubscriptionTableProps {
  subscriptions: readonly Webhook[];
  /** The subscription whose delivery log is shown. */
  shown: string | null;
  /** A switch's call is in flight: every switch waits for it. */
  isSwitching: boolean;
  onSwitch(subscription: Webhook): void;
  onShowLog(subscription: Webhook): void;
  onSendTest(subscription: Webhook): void;
  onEdit(subscription: Webhook): void;
  onDelete(subscription: Webhook): void;
}

/** The environment's subscriptions: what each receives where, whether it is on, and how its last delivery went. */
export function SubscriptionTable({
  subscriptions,
  shown,
  isSwitching,
  onSwitch,
  onShowLog,
  onSendTest,
  onEdit,
  onDelete,
}: SubscriptionTableProps) {
  const columns: DataColumn<Webhook>[] = [
    {
      header: 'Enabled',
      sticky: 'state',
      cell: (subscription) => (
        <NeedsRight endpoint={api.webhooks.save}>
          <Switch
            checked={subscription.enabled}
            onChange={() => {
              if (!isSwitching) onSwitch(subscription);
            }}
            slotProps={{ input: { 'aria-label': `${subscription.name} enabled`, ...busyInput(isSwitching) } }}
          />
        </NeedsRight>
      ),
    },
    { header: 'Name', sticky: 'start', cell: (subscription) => <bdi>{subscription.name}</bdi> },
    {
      header: 'URL',
      cell: (subscription) => subscription.url,
      title: (subscription) => subscription.url,
      sx: { maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    },
    {
      header: 'Events',
      cell: (subscription) => subscription.events.map(eventLabel).join(', '),
    },
    { header: 'Format', cell: (subscription) => formatLabel(subscription.format), noWrap: true },
    {
      header: 'Last delivery',
      cell: (subscription) => <LastDelivery subscription={subscription} />,
      noWrap: true,
    },
    { header: 'Disabled because', cell: (subscription) => subscription.disabledReason ?? '' },
    {
      header: 'Actions',
      align: 'right',
      sticky: 'end',
      cell: (subscription) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            aria-pressed={shown === subscription.id}
            aria-label={`Delivery log of ${subscription.name}`}
            onClick={() => onShowLog(subscription)}
          >
            Delivery log
          </Button>
          <NeedsRight endpoint={api.webhooks.test}>
            <Button
              size="small"
              aria-label={`Send test event to ${subscription.name}`}
              onClick={() => onSendTest(subscription)}
            >
              Send test event
            </Button>
          </NeedsRight>
          <NeedsRight endpoint={api.webhooks.save}>
            <Button
              size="small"
              aria-label={`Edit ${subscription.name}`}
              onClick={() => onEdit(subscription)}
            >
              Edit
            </Button>
          </NeedsRight>
          <NeedsRight endpoint={api.webhooks.delete}>
            <Button
              size="small"
              color="error"
              aria-label={`Delete ${subscription.name}`}
              onClick={() => onDelete(subscription)}
            >
              Delete
            </Button>
          </NeedsRight>
        </Stack>
      ),
    },
  ];
  return (
    <Box sx={{ mb: 3 }}>
      <DataTable
        label="Webhook subscriptions"
        columns={columns}
        rows={subscriptions}
        rowKey={(subscription) => subscription.id}
        emptyText="No subscriptions: Create one to tell other systems what changes here"
      />
    </Box>
  );
}

/** A subscription's latest delivery, read on its own (the list does not carry it). */
function LastDelivery({ subscription }: { subscription: Webhook }) {
  const last = useLastDeliveryQuery(subscription.id);
  if (last.isError) return <>Not loaded</>;
  if (!last.data) return null;
  return <DeliveryState delivery={last.data[0]} />;
}
