import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  type WebhookEventType,
  type WebhookFormat,
} from '@console/domain/webhooks';
import type { SelectOption } from '../../components/form/SelectFormField.tsx';

/** The subscription form's labels, by field (the domain's messages name the wire field). */
export const WEBHOOK_FIELD_LABELS = {
  name: 'Name',
  url: 'URL',
  events: 'Events',
  format: 'Format',
  enabled: 'Enabled',
} as const;

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'runtime.revision.published': 'Revision published',
  'runtime-key.created': 'Runtime key created',
  'runtime-key.revoked': 'Runtime key revoked',
  'user.role.changed': 'Role changed',
  'environment.created': 'Environment created',
  'environment.archived': 'Environment archived',
  'environment.restored': 'Environment restored',
  'change-request.opened': 'Change request opened',
  'change-request.review-requested': 'Change request: review requested',
  'change-request.approved': 'Change request approved',
  'change-request.rejected': 'Change request rejected',
  'change-request.scheduled': 'Change request scheduled',
  'change-request.applied': 'Change request applied',
  'change-request.failed': 'Change request failed',
  'webhook.test': 'Test event',
};

export const eventLabel = (type: WebhookEventType) => EVENT_LABELS[type];

/**
 * The events a subscription may choose, in the domain's order; the test event is not among them: it is sent
 * from the screen to one subscription, whatever it wants.
 */
export const WEBHOOK_EVENT_OPTIONS: readonly SelectOption<WebhookEventType>[] = WEBHOOK_EVENT_TYPES.filter(
  (type) => type !== 'webhook.test',
).map((type) => ({ value: type, label: `${EVENT_LABELS[type]} (${type})` }));

const FORMAT_LABELS: Record<WebhookFormat, { short: string; long: string }> = {
  standard: { short: 'Standard Webhooks', long: 'Standard Webhooks (signed JSON)' },
  slack: { short: 'Slack', long: 'Slack incoming webhook' },
};

/** A format as the list names it. */
export const formatLabel = (format: WebhookFormat) => FORMAT_LABELS[format].short;
export const WEBHOOK_FORMAT_OPTIONS: readonly SelectOption<WebhookFormat>[] = WEBHOOK_FORMATS.map(
  (format) => ({ value: format, label: FORMAT_LABELS[format].long }),
);
