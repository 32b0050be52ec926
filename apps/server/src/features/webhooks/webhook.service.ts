import { randomBytes, randomUUID } from 'node:crypto';
import { badInput, notFound, ruleViolation } from '@console/domain/errors';
import {
  type CreatedWebhook,
  type CreateWebhookRequest,
  checkWebhookUrl,
  type RedeliverWebhookRequest,
  type SaveWebhookRequest,
  WEBHOOK_EVENT_VERSION,
  WEBHOOK_SUBSCRIPTION_LIMIT,
  type Webhook,
  type WebhookDeliveriesRequest,
  type WebhookDelivery,
  type WebhookIdRequest,
} from '@console/domain/webhooks';
import type { Db, Tx } from '../../db/client.ts';
import { mutate, type UnitOfWork } from '../../db/unit-of-work.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import {
  countSubscriptions,
  deleteSubscription,
  findDelivery,
  insertMessages,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  lockSubscription,
  resetMessage,
  type SubscriptionFields,
  updateSubscription,
} from './webhook.store.ts';
import { resolveWebhookTarget, UnsafeUrlError } from './webhook-http.ts';
import {
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_OUTBOX_CHANNEL,
  type WebhookDeliveryJob,
} from './webhook-outbox.service.ts';

// Managing an environment's webhook subscriptions (its admins), each change audited.

export interface WebhookContext {
  db: Db;
  jobs: JobQueue;
  environmentId: string;
  email: string;
  /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS */
  allowPrivateNetworks: boolean;
}

const notFoundMessage = (id: string) => `Webhook '${id}' not found`;

/** A whsec_ secret of 192 random bits, base64 as Standard Webhooks has it. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** What the audit log records of a subscription: the URL by its origin only (a Slack URL is a secret). */
const auditFieldsOf = (fields: SubscriptionFields) => ({
  name: fields.name,
  url: new URL(fields.url).origin,
  events: [...fields.events],
  format: fields.format,
  enabled: fields.enabled,
});

/**
 * Refuses a URL a delivery may not reach: its own rule, then where its host resolves now (the delivery
 * checks again, since DNS answers change). A network call: made before the transaction.
 */
async function checkUrl(url: string, allowPrivateNetworks: boolean): Promise<void> {
  const problem = checkWebhookUrl(url, { allowPrivateNetworks });
  if (problem) throw badInput(problem);
  try {
    await resolveWebhookTarget(url, { allowPrivateNetworks });
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw badInput(error.message);
    throw error;
  }
}

async function requireSubscription(tx: Tx, context: WebhookContext, id: string): Promise<Webhook> {
  const subscription = await lockSubscription(tx, context.environmentId, id);
  if (!subscription) throw notFound(notFoundMessage(id));
  return subscription;
}

/** Delivery of the subscription's messages, enqueued in the transaction (and looked for at its commit). */
const enqueueDelivery = (unit: UnitOfWork, jobs: JobQueue, subscriptionId: string) =>
  jobs.sendInTransaction<WebhookDeliveryJob>(unit, WEBHOOK_DELIVERY_JOB, { subscriptionId });

export const listWebhooks = (context: WebhookContext) => listSubscriptions(context.db, context.environmentId);

export async function createWebhook(
  context: WebhookContext,
  request: CreateWebhookRequest,
): Promise<CreatedWebhook> {
  await checkUrl(request.url, context.allowPrivateNetworks);
  const secret = newSecret();
  return mutate(context.db, async ({ tx, audit }) => {
    if ((await countSubscriptions(tx, context.environmentId)) >= WEBHOOK_SUBSCRIPTION_LIMIT) {
      throw ruleViolation(`An environment holds at most ${WEBHOOK_SUBSCRIPTION_LIMIT} webhooks`);
    }
    const created = await insertSubscription(tx, {
      id: randomUUID(),
      environmentId: context.environmentId,
      secret,
      createdBy: context.email,
      ...request,
    });
    // never the secret
    audit({
      environmentId: context.environmentId,
      email: context.email,
      action: 'webhook.create',
      target: created.id,
      attributes: auditFieldsOf(created),
    });
    return { ...created, secret };
  });
}

export async function saveWebhook(context: WebhookContext, request: SaveWebhookRequest): Promise<Webhook> {
  await checkUrl(request.url, context.allowPrivateNetworks);
  const { id, ...fields } = request;
  return mutate(context.db, async (unit) => {
    const before = await requireSubscription(unit.tx, context, id);
    const isEnabledNow = fields.enabled && !before.enabled;
    const saved = await updateSubscription(unit.tx, id, {
      ...fields,
      ...(fields.enabled ? { disabledReason: null, disabledAt: null } : {}),
    });
    // Messages that waited while it was disabled are delivered now, in order.
    if (isEnabledNow) await enqueueDelivery(unit, context.jobs, id);
    unit.audit({
      environmentId: context.environmentId,
      email: context.email,
      action: 'webhook.save',
      target: id,
      attributes: { before: auditFieldsOf(before), after: auditFieldsOf(saved) },
    });
    return saved;
  });
}

export async function deleteWebhook(context: WebhookContext, request: WebhookIdRequest): Promise<Webhook> {
  return mutate(context.db, async ({ tx, audit }) => {
    const subscription = await requireSubscription(tx, context, request.id);
    await deleteSubscription(tx, request.id);
    audit({
      environmentId: context.environmentId,
      email: context.email,
      action: 'webhook.delete',
      target: request.id,
      attributes: auditFieldsOf(subscription),
    });
    return subscription;
  });
}

export async function rotateWebhookSecret(
  context: WebhookContext,
  request: WebhookIdRequest,
): Promise<CreatedWebhook> {
  const secret = newSecret();
  return mutate(context.db, async ({ tx, audit }) => {
    const subscription = await requireSubscription(tx, context, request.id);
    await updateSubscription(tx, request.id, { secret });
    audit({
      environmentId: context.environmentId,
      email: context.email,
      action: 'webhook.rotate',
      target: request.id,
      attributes: { name: subscription.name },
    });
    return { ...subscription, secret };
  });
}

/** The test event, to this subscription only: a message of its own, delivered like any other. */
export async function testWebhook(
  context: WebhookContext,
  request: WebhookIdRequest,
): Promise<WebhookDelivery> {
  return mutate(context.db, async (unit) => {
    const subscription = await requireSubscription(unit.tx, context, request.id);
    if (!subscription.enabled) {
      throw ruleViolation(`Webhook '${subscription.name}' is disabled: enable it to send the test event`);
    }
    const id = `msg_${randomUUID()}`;
    await insertMessages(
      unit.tx,
      [
        {
          id,
          subscriptionId: subscription.id,
          type: 'webhook.test',
          event: {
            type: 'webhook.test',
            version: WEBHOOK_EVENT_VERSION,
            timestamp: new Date().toISOString(),
            environment: context.environmentId,
            data: { subscription: subscription.name, by: context.email },
          },
          environmentId: context.environmentId,
          revision: null,
        },
      ],
      WEBHOOK_OUTBOX_CHANNEL,
    );
    await enqueueDelivery(unit, context.jobs, subscription.id);
    unit.audit({
      environmentId: context.environmentId,
      email: context.email,
      action: 'webhook.test',
      target: subscription.id,
      attributes: { name: subscription.name, delivery: id },
    });
    return (await findDelivery(unit.tx, subscription.id, id))!;
  });
}

export async function listWebhookDeliveries(
  context: WebhookContext,
  request: WebhookDeliveriesRequest,
): Promise<WebhookDelivery[]> {
  const subscriptions = await listSubscriptions(context.db, context.environmentId);
  if (!subscriptions.some((subscription) => subscription.id === request.id)) {
    throw notFound(notFoundMessage(request.id));
  }
  return listDeliveries(context.db, request.id, request.limit);
}

/** Sends a delivery again from its first attempt: same webhook-id and body, in the subscription's order. */
export async function redeliverWebhook(
  context: WebhookContext,
  request: RedeliverWebhookRequest,
): Promise<WebhookDelivery> {
  return mutate(context.db, async (unit) => {
    const subscription = await requireSubscription(unit.tx, context, request.id);
    const delivery = await findDelivery(unit.tx, subscription.id, request.delivery);
    if (!delivery)
      throw notFound(`Delivery '${request.delivery}' of webhook '${subscription.name}' not found`);
    await resetMessage(unit.tx, delivery.id);
    await enqueueDelivery(unit, context.jobs, subscription.id);
    unit.audit({
      environmentId: context.environmentId,
      email: context.email,
      action: 'webhook.redeliver',
      target: subscription.id,
      attributes: { name: subscription.name, delivery: delivery.id },
    });
    return (await findDelivery(unit.tx, subscription.id, delivery.id))!;
  });
}
