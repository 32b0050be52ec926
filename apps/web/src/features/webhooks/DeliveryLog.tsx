import { api } from '@console/domain/endpoints';
import { utcOffsetLabelAt } from '@console/domain/operations';
import {
  WEBHOOK_RESPONSE_KEPT_BYTES,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  type Webhook,
  type WebhookAttempt,
  type WebhookDelivery,
} from '@console/domain/webhooks';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatRecentTime } from '../../components/format.ts';
import { QueryContent } from '../../components/QueryContent.tsx';
import { type DataColumn, DataTable } from '../../components/table/DataTable.tsx';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { AttemptStatus, attemptsNewestFirst, DeliveryState } from './DeliveryStatus.tsx';
import { eventLabel } from './webhooks.labels.ts';
import { useDeliveryLogQuery } from './webhooks.queries.ts';

/** An attempt's moment as the operator's clock shows it, to the second (a redelivery comes seconds after), with the offset. */
export const formatAttemptTime = (at: number, now: number) =>
  `${formatRecentTime(at, now)} (${utcOffsetLabelAt(at)})`;

/** 60 s → '1 min', 7,200 s → '2 h': the retry schedule in the words the screen uses. */
const formatDelay = (seconds: number) => (seconds < 3_600 ? `${seconds / 60} min` : `${seconds / 3_600} h`);

const ANSWER_SX = {
  m: 0,
  minWidth: 160,
  maxWidth: 360,
  maxHeight: 96,
  overflow: 'auto',
  fontFamily: 'monospace',
  fontSize: '0.8125rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
} as const;

/** One row per attempt, newest first, and one for a delivery still waiting for its first. */
interface LogRow {
  delivery: WebhookDelivery;
  attempt: WebhookAttempt | null;
  /** 1 for the first attempt. */
  number: number;
  /** 0 for the delivery's newest row: where its state and Redeliver are. */
  fromNewest: number;
}

const rowsOf = (deliveries: readonly WebhookDelivery[]): LogRow[] =>
  deliveries.flatMap((delivery): LogRow[] => {
    const attempts = attemptsNewestFirst(delivery);
    if (attempts.length === 0) return [{ delivery, attempt: null, number: 0, fromNewest: 0 }];
    return attempts.map((attempt, index) => ({
      delivery,
      attempt,
      number: attempts.length - index,
      fromNewest: index,
    }));
  });

interface DeliveryLogProps {
  subscription: Webhook;
  /** A redelivery is in flight: every Redeliver waits for it. */
  isRedelivering: boolean;
  onRedeliver(delivery: WebhookDelivery): void;
}

/**
 * One subscription's deliveries, newest first, with each attempt: when, how it went, how long it took and
 * the first kilobyte of the receiver's answer; Redeliver sends a delivery again with its webhook-id.
 */
export function DeliveryLog({ subscription, isRedelivering, onRedeliver }: DeliveryLogProps) {
  const log = useDeliveryLogQuery(subscription.id);
  const headingId = useId();
  const now = log.dataUpdatedAt || Date.now();
  const timeOf = (row: LogRow) => formatAttemptTime(row.attempt?.at ?? row.delivery.created, now);
  const columns: DataColumn<LogRow>[] = [
    { header: 'Time', cell: timeOf, noWrap: true },
    {
      header: 'Event',
      cell: (row) => (
        <>
          {eventLabel(row.delivery.type)}
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            webhook-id {row.delivery.id}
          </Typography>
        </>
      ),
    },
    { header: 'Attempt', align: 'right', cell: (row) => (row.attempt ? row.number : '') },
    {
      header: 'Status',
      noWrap: true,
      cell: (row) =>
        row.attempt ? <AttemptStatus attempt={row.attempt} /> : <DeliveryState delivery={row.delivery} />,
    },
    {
      header: 'Latency',
      align: 'right',
      noWrap: true,
      cell: (row) => (row.attempt ? `${row.attempt.latencyMs} ms` : ''),
    },
    {
      header: 'Answer',
      cell: (row) =>
        row.attempt && row.attempt.response !== '' ? (
          // A long answer scrolls in its cell; it takes the focus, so the keyboard scrolls it too.
          <Box
            component="pre"
            tabIndex={0}
            role="region"
            aria-label={`Answer to attempt ${row.number} of ${row.delivery.id}`}
            sx={ANSWER_SX}
          >
            {row.attempt.response}
          </Box>
        ) : (
          ''
        ),
    },
    {
      header: 'Actions',
      align: 'right',
      sticky: 'end',
      cell: (row) =>
        row.fromNewest === 0 ? (
          <NeedsRight endpoint={api.webhooks.redeliver}>
            <Button
              size="small"
              aria-disabled={isRedelivering || undefined}
              aria-label={`Redeliver ${eventLabel(row.delivery.type)} ${row.delivery.id}`}
              onClick={() => {
                if (!isRedelivering) onRedeliver(row.delivery);
              }}
            >
              Redeliver
            </Button>
          </NeedsRight>
        ) : null,
    },
  ];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Delivery log of {subscription.name}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Each delivery with its attempts, newest first, and the first {WEBHOOK_RESPONSE_KEPT_BYTES} bytes of
        each answer. A failed attempt is retried after{' '}
        {WEBHOOK_RETRY_SCHEDULE_SECONDS.map(formatDelay).join(', ')} with the same webhook-id; Redeliver sends
        it once more now.
      </Typography>
      <QueryContent query={log} what="Delivery log">
        {(deliveries) => (
          <DataTable
            label={`Delivery log of ${subscription.name}`}
            columns={columns}
            rows={rowsOf(deliveries)}
            // by place from the newest: a redelivery's attempt takes the newest row, whose Redeliver keeps the focus
            rowKey={(row) => `${row.delivery.id}/${row.delivery.created}/${row.fromNewest}`}
            emptyText="No deliveries yet: Send test event tries the receiver"
          />
        )}
      </QueryContent>
    </Box>
  );
}
