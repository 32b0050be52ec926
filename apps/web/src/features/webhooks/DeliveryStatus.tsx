import type { WebhookAttempt, WebhookDelivery } from '@console/domain';
import Typography from '@mui/material/Typography';

const STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** An attempt's outcome: the receiver's HTTP status, or that none came. */
export const attemptStatusText = (attempt: WebhookAttempt) =>
  attempt.status === null ? 'No answer' : `HTTP ${attempt.status}`;

/** How an attempt went, in words and colour (not by colour alone). */
export function AttemptStatus({ attempt }: { attempt: WebhookAttempt }) {
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
