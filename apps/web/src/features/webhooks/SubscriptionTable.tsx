import { api } from '@console/domain/endpoints';
import type { Webhook } from '@console/domain/webhooks';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { ToggleSwitch } from '../../components/form/ToggleSwitch.tsx';
import { DeleteIcon, EditIcon } from '../../components/icons.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { LastDeliveryStatus } from './DeliveryStatus.tsx';
import { eventLabel, formatLabel } from './webhooks.labels.ts';

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

const URL_SX = {
  color: 'text.secondary',
  maxWidth: 280,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

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
          <ToggleSwitch
            checked={subscription.enabled}
            onChange={() => {
              if (!isSwitching) onSwitch(subscription);
            }}
            ariaLabel={`${subscription.name} enabled`}
            isBusy={isSwitching}
          />
        </NeedsRight>
      ),
    },
    {
      // The URL under its name: at 1024 px the row keeps its last delivery and actions in view.
      header: 'Name and URL',
      cell: (subscription) => (
        <>
          <bdi>{subscription.name}</bdi>
          <Typography variant="body2" title={subscription.url} sx={URL_SX}>
            {subscription.url}
          </Typography>
        </>
      ),
    },
    {
      header: 'Last delivery',
      cell: (subscription) => (
        <>
          <LastDeliveryStatus last={subscription.lastDelivery} />
          {subscription.disabledReason && (
            <Typography variant="body2" sx={{ color: 'error.main', minWidth: 200 }}>
              {subscription.disabledReason}
            </Typography>
          )}
        </>
      ),
    },
    { header: 'Events', cell: (subscription) => subscription.events.map(eventLabel).join(', ') },
    { header: 'Format', cell: (subscription) => formatLabel(subscription.format) },
    {
      header: 'Actions',
      align: 'right',
      sticky: 'end',
      noWrap: true,
      cell: (subscription) => (
        <>
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
            <IconButton
              aria-label={`Edit ${subscription.name}`}
              title="Edit"
              onClick={() => onEdit(subscription)}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </NeedsRight>
          <NeedsRight endpoint={api.webhooks.delete}>
            <IconButton
              aria-label={`Delete ${subscription.name}`}
              title="Delete"
              onClick={() => onDelete(subscription)}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </NeedsRight>
        </>
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
