import { randomUUID } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';
import { isPublishingAuditAction } from '@console/domain/audit';
import {
  CONSOLE_WIDE_WEBHOOK_EVENTS,
  type WebhookEvent,
  type WebhookEventType,
  webhookEventOfAuditAction,
} from '@console/domain/webhooks';
import type { Tx } from '../../db/client.ts';
import type { AuditedStep, WrittenAuditEntry } from '../../db/unit-of-work.ts';
import { type PublishedInTransaction, revisionsPublishedIn } from '../publishing/publish.service.ts';
import { rememberPublished, summarisePublished } from '../revisions/revision-summary.service.ts';
import { findSubscriptionsWanting, insertMessages, type NewMessage } from './webhook.store.ts';
import { eventOfAuditEntry, revisionPublishedEvent } from './webhook-payload.ts';

// The transactional outbox: in the transaction of a change, after its audit entries and its runtime
// revision, one message per (event, enabled subscription wanting it), each with its whole event (a
// revision's summary too), in one statement that also notifies WEBHOOK_OUTBOX_CHANNEL: PostgreSQL
// delivers the notification at commit and drops it on rollback, so a rolled-back change announces
// nothing. The processes running workers hear it and send the subscription's delivery job; a committed
// message nobody heard of (no worker listening then) is found by the delivery's sweep.

/** The job that delivers a subscription's messages, in order (webhook-delivery.service.ts). */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';
export interface WebhookDeliveryJob {
  subscriptionId: string;
}

/** Notified at the commit of messages, with their subscription's id (once per transaction and id). */
export const WEBHOOK_OUTBOX_CHANNEL = 'webhook_outbox';

/**
 * Each outbox step's duration in its transaction, for whoever listens (the webhooks benchmark): a
 * diagnostics channel, costing nothing when nobody listens.
 */
export const outboxTimings = channel('console.webhooks.outbox');
export interface OutboxTiming {
  seconds: number;
  /** The messages it wrote (0: nobody wanted what the change announces). */
  messages: number;
}

const REVISION_EVENT: WebhookEventType = 'runtime.revision.published';

interface Announcement {
  type: WebhookEventType;
  environmentId: string | null;
  /** The entry it is built from; for a revision, the environment's entries of this transaction. */
  entries: readonly WrittenAuditEntry[];
}

/** What the written entries may announce, before asking whether anyone listens (no query). */
function announcementsOf(written: readonly WrittenAuditEntry[]): Announcement[] {
  const announcements: Announcement[] = [];
  for (const entry of written) {
    const type = webhookEventOfAuditAction(entry.action);
    // The test event goes to its own subscription only (webhook.service.ts writes its message).
    if (type === null || type === 'webhook.test') continue;
    announcements.push({ type, environmentId: entry.environmentId, entries: [entry] });
  }
  const publishing = new Set(
    written.flatMap((entry) =>
      isPublishingAuditAction(entry.action) && entry.environmentId !== null ? [entry.environmentId] : [],
    ),
  );
  for (const environmentId of publishing) {
    const entries = written.filter((entry) => entry.environmentId === environmentId);
    announcements.push({ type: REVISION_EVENT, environmentId, entries });
  }
  return announcements;
}

const isConsoleWide = (announcement: Announcement) =>
  announcement.environmentId === null || CONSOLE_WIDE_WEBHOOK_EVENTS.includes(announcement.type);

/** The outbox as a unit-of-work step (app.ts registers it after runtime publishing). */
export function webhookOutboxStep(): AuditedStep {
  /** Writes the messages and answers how many. */
  const step = async (...[tx, written]: Parameters<AuditedStep>): Promise<number> => {
    const announcements = announcementsOf(written);
    if (announcements.length === 0) return 0;
    const published = revisionsPublishedIn(tx);
    try {
      return await writeMessages(tx, announcements, published);
    } finally {
      // The base of the next publish's summary, once this one's summary (if any) is made.
      for (const revision of published) rememberPublished(revision);
    }
  };
  const writeMessages = async (
    tx: Tx,
    announcements: readonly Announcement[],
    published: readonly PublishedInTransaction[],
  ): Promise<number> => {
    const subscriptions = await findSubscriptionsWanting(
      tx,
      [...new Set(announcements.map((announcement) => announcement.type))],
      [...new Set(announcements.flatMap((announcement) => announcement.environmentId ?? []))],
      announcements.some(isConsoleWide),
    );
    if (subscriptions.length === 0) return 0;
    const timestamp = new Date().toISOString();
    const messages: NewMessage[] = [];
    for (const announcement of announcements) {
      const wanting = subscriptions.filter(
        (subscription) =>
          subscription.events.includes(announcement.type) &&
          (isConsoleWide(announcement) || subscription.environmentId === announcement.environmentId),
      );
      if (wanting.length === 0) continue;
      let revision: number | null = null;
      let event: WebhookEvent | null;
      if (announcement.type === REVISION_EVENT) {
        const environmentId = announcement.environmentId!;
        // The environment's revision of this transaction; none when nothing players receive changed
        // (or the runtime is pinned): nothing to announce.
        const publishedHere = published.findLast((entry) => entry.environmentId === environmentId);
        if (!publishedHere) continue;
        revision = publishedHere.revision;
        const summary = await summarisePublished(tx, publishedHere);
        event = revisionPublishedEvent(environmentId, summary, timestamp);
      } else {
        event = eventOfAuditEntry(announcement.type, announcement.entries[0]!, timestamp);
        if (event === null) continue;
      }
      for (const subscription of wanting) {
        messages.push({
          id: `msg_${randomUUID()}`,
          subscriptionId: subscription.id,
          type: announcement.type,
          event,
          environmentId: announcement.environmentId,
          revision,
        });
      }
    }
    if (messages.length === 0) return 0;
    await insertMessages(tx, messages, WEBHOOK_OUTBOX_CHANNEL);
    return messages.length;
  };
  return async (tx, written) => {
    if (!outboxTimings.hasSubscribers) {
      await step(tx, written);
      return;
    }
    const started = performance.now();
    const messages = await step(tx, written);
    const timing: OutboxTiming = { seconds: (performance.now() - started) / 1000, messages };
    outboxTimings.publish(timing);
  };
}
