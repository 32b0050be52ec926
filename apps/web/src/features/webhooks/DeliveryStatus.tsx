import type { WebhookAttempt, WebhookDelivery, WebhookLastDelivery } from '@console/domain/webhooks';
import Typography from '@mui/material/Typography';
import { formatRecentTime } from '../../components/format.ts';

const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** An attempt's outcome: the receiver's HTTP status, or that none came. */
export const attemptStatusText = (attempt: Pick<WebhookAttempt, 'status'>) =>
  attempt.status === null ? 'No answer' : `HTTP ${attempt.status}`;

/** How an attempt went, in words and colour (not by colour alone). */
export function AttemptStatus({ attempt }: { attempt: Pick<WebhookAttempt, 'status' | 'isSuccess'> }) {
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: attempt.isSuccess ? 'success.main' : 'error.main', fontWeight: 500 }}
    >
      {`${attempt.isSuccess ? 'OK' : 'Failed'}, ${attemptStatusText(attempt)}`}
    </Typography>
  );
}

/** A delivery's attempts, newest first. */
export const attemptsNewestFirst = (delivery: WebhookDelivery): WebhookAttempt[] =>
  [...delivery.attempts].sort((a, b) => b.at - a.at);

/**
 * How a delivery stands, with its latest attempt: delivered, failed, or pending: its first attempt to come,
 * a retry after a failed one, or a redelivery after one that went through.
 */
export function DeliveryState({ delivery }: { delivery: WebhookDelivery | undefined }) {
  if (!delivery) return <>None yet</>;
  const latest = attemptsNewestFirst(delivery)[0];
  const state =
    delivery.state !== 'pending' || latest === undefined
      ? STATE_LABELS[delivery.state]
      : latest.isSuccess
        ? 'Redelivery pending'
        : 'Retrying';
  const color =
    delivery.state === 'delivered'
      ? 'success.main'
      : delivery.state === 'failed'
        ? 'error.main'
        : 'text.primary';
  return (
    <Typography variant="body2" component="span" sx={{ color, fontWeight: 500 }}>
      {latest ? `${state}, ${attemptStatusText(latest)}` : state}
    </Typography>
  );
}

/** A subscription's latest attempt, as its list answers it: how it went and when, or that none was made yet. */
export function LastDeliveryStatus({ last }: { last: WebhookLastDelivery | null }) {
  if (!last) return <>None yet</>;
  return (
    <>
      <AttemptStatus attempt={last} />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {formatRecentTime(last.at, Date.now())}
      </Typography>
    </>
  );
}
