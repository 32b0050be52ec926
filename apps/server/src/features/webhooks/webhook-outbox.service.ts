import { randomUUID } from 'node:crypto';
import {
  CONSOLE_WIDE_WEBHOOK_EVENTS,
  isPublishingAuditAction,
  type WebhookEventType,
  webhookEventOfAuditAction,
} from '@console/domain';
import type { AuditedStep, WrittenAuditEntry } from '../../db/unit-of-work.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { findRevisionPublishedWith } from '../runtime/runtime-revision-summary.service.ts';
import { findSubscriptionsWanting, insertMessages, type NewMessage } from './webhook.store.ts';
import { eventOfAuditEntry } from './webhook-payload.ts';

// The transactional outbox: in the transaction of a change, after its audit entries and its runtime
// revision, one message per (event, enabled subscription wanting it), and their delivery enqueued on
// the job queue in the same transaction. A rolled-back change announces nothing; a committed one is
// delivered even if this process stops right after the commit.

/** The job that delivers a subscription's messages, in order (webhook-delivery.service.ts). */
export const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';
export interface WebhookDeliveryJob {
  subscriptionId: string;
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

/**
 * The outbox as a unit-of-work step (app.ts registers it after runtime publishing). `jobsOf`: the app's
 * job queue, asked when the step runs (the steps are registered before the queue is built).
 */
export function webhookOutboxStep(jobsOf: () => JobQueue): AuditedStep {
  return async (tx, written) => {
    const announcements = announcementsOf(written);
    if (announcements.length === 0) return;
    const subscriptions = await findSubscriptionsWanting(
      tx,
      [...new Set(announcements.map((announcement) => announcement.type))],
      [...new Set(announcements.flatMap((announcement) => announcement.environmentId ?? []))],
      announcements.some(isConsoleWide),
    );
    if (subscriptions.length === 0) return;
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
      if (announcement.type === REVISION_EVENT) {
        revision = await findRevisionPublishedWith(
          tx,
          announcement.environmentId!,
          announcement.entries.map((entry) => entry.id),
        );
        // Nothing players receive changed (or the runtime is pinned): no revision, nothing to announce.
        if (revision === null) continue;
      }
      const event =
        announcement.type === REVISION_EVENT
          ? null
          : eventOfAuditEntry(announcement.type, announcement.entries[0]!, timestamp);
      if (announcement.type !== REVISION_EVENT && event === null) continue;
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
    if (messages.length === 0) return;
    await insertMessages(tx, messages);
    for (const subscriptionId of new Set(messages.map((message) => message.subscriptionId))) {
      await jobsOf().sendInTransaction<WebhookDeliveryJob>(tx, WEBHOOK_DELIVERY_JOB, { subscriptionId });
    }
  };
}
