import type { ChangedParts } from '@console/domain/runtime';
import {
  changeRequestPath,
  describeWebhookEvent,
  revisionDiffPath,
  WEBHOOK_EVENT_VERSION,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookFormat,
} from '@console/domain/webhooks';
import { Webhook } from 'standardwebhooks';
import type { WrittenAuditEntry } from '../../db/unit-of-work.ts';

// What a delivery sends: the event's envelope (Standard Webhooks JSON) or a Slack message, signed per
// Standard Webhooks either way (Slack ignores the headers).

type Attributes = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const roleOrNull = (value: unknown) =>
  value === 'viewer' || value === 'operator' || value === 'admin' ? value : null;

/**
 * The event an audit entry announces, built in the change's transaction, or null for the revision
 * published (revisionPublishedEvent) and for what announces nothing.
 */
export function eventOfAuditEntry(
  type: WebhookEventType,
  entry: WrittenAuditEntry,
  timestamp: string,
): WebhookEvent | null {
  const attributes = (entry.attributes ?? {}) as Attributes;
  const envelope = { version: WEBHOOK_EVENT_VERSION, timestamp, environment: entry.environmentId } as const;
  const by = entry.email;
  switch (type) {
    case 'runtime-key.created':
    case 'runtime-key.revoked':
      return { ...envelope, type, data: { name: text(attributes.name), by } };
    case 'user.role.changed':
      return {
        ...envelope,
        type,
        data: {
          user: entry.target,
          scope: attributes.scope === 'console' ? 'console' : 'environment',
          before: roleOrNull(attributes.before),
          role: roleOrNull(attributes.role),
          by,
        },
      };
    case 'environment.created':
    case 'environment.archived':
    case 'environment.restored':
      return { ...envelope, type, data: { environment: entry.target, by } };
    case 'change-request.opened':
    case 'change-request.review-requested':
    case 'change-request.approved':
    case 'change-request.rejected':
    case 'change-request.scheduled':
    case 'change-request.applied':
    case 'change-request.failed':
      return {
        ...envelope,
        type,
        data: { changeRequest: entry.target, url: changeRequestPath(entry.target), by },
      };
    default:
      return null;
  }
}

/** The event of a runtime revision published: its number, author, what it changed and its diff's link. */
export function revisionPublishedEvent(
  environment: string,
  summary: { revision: number; author: string; changes: ChangedParts },
  timestamp: string,
): WebhookEvent {
  const { plugins, abTests, configurations } = summary.changes;
  return {
    type: 'runtime.revision.published',
    version: WEBHOOK_EVENT_VERSION,
    timestamp,
    environment,
    data: {
      revision: summary.revision,
      author: summary.author,
      changes: { plugins, abTests, configurations },
      url: revisionDiffPath(environment, summary.revision),
    },
  };
}

/** The body a subscription's format sends for the event. */
export function bodyOf(event: WebhookEvent, format: WebhookFormat, consoleUrl: string): string {
  if (format === 'slack') return JSON.stringify({ text: describeWebhookEvent(event, consoleUrl) });
  return JSON.stringify(event);
}

/** The Standard Webhooks headers of one attempt: the message's id, this attempt's time, the signature. */
export function signedHeaders(
  secret: string,
  messageId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'live-ops-console-webhooks',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}
