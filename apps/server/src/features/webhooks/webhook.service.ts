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
import type { EnvironmentContext, EnvironmentUnitOfWork } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
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

/** What the webhooks' services use beside the request's context. */
export interface WebhookSetup {
  jobs: JobQueue;
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

async function requireSubscription(tx: Tx, ctx: EnvironmentContext, id: string): Promise<Webhook> {
  const subscription = await lockSubscription(tx, ctx.environmentId, id);
  if (!subscription) throw notFound(notFoundMessage(id));
  return subscription;
}

/** Delivery of the subscription's messages, enqueued in the transaction (and looked for at its commit). */
const enqueueDelivery = (unit: EnvironmentUnitOfWork, jobs: JobQueue, subscriptionId: string) =>
  jobs.sendInTransaction<WebhookDeliveryJob>(unit, WEBHOOK_DELIVERY_JOB, { subscriptionId });

export const listWebhooks = (ctx: EnvironmentContext) => listSubscriptions(ctx.db, ctx.environmentId);

export async function createWebhook(
  ctx: EnvironmentContext,
  setup: WebhookSetup,
  request: CreateWebhookRequest,
): Promise<CreatedWebhook> {
  await checkUrl(request.url, setup.allowPrivateNetworks);
  const secret = newSecret();
  return ctx.mutate(async ({ tx, audit }) => {
    if ((await countSubscriptions(tx, ctx.environmentId)) >= WEBHOOK_SUBSCRIPTION_LIMIT) {
      throw ruleViolation(`An environment holds at most ${WEBHOOK_SUBSCRIPTION_LIMIT} webhooks`);
    }
    const created = await insertSubscription(tx, {
      id: randomUUID(),
      environmentId: ctx.environmentId,
      secret,
      createdBy: ctx.actor.email,
      ...request,
    });
    // never the secret
    audit({
      action: 'webhook.create',
      target: created.id,
      attributes: auditFieldsOf(created),
    });
    return { ...created, secret };
  });
}

export async function saveWebhook(
  ctx: EnvironmentContext,
  setup: WebhookSetup,
  request: SaveWebhookRequest,
): Promise<Webhook> {
  await checkUrl(request.url, setup.allowPrivateNetworks);
  const { id, ...fields } = request;
  return ctx.mutate(async (unit) => {
    const before = await requireSubscription(unit.tx, ctx, id);
    const isEnabledNow = fields.enabled && !before.enabled;
    const saved = await updateSubscription(unit.tx, id, {
      ...fields,
      ...(fields.enabled ? { disabledReason: null, disabledAt: null } : {}),
    });
    // Messages that waited while it was disabled are delivered now, in order.
    if (isEnabledNow) await enqueueDelivery(unit, setup.jobs, id);
    unit.audit({
      action: 'webhook.save',
      target: id,
      attributes: { before: auditFieldsOf(before), after: auditFieldsOf(saved) },
    });
    return saved;
  });
}

export async function deleteWebhook(ctx: EnvironmentContext, request: WebhookIdRequest): Promise<Webhook> {
  return ctx.mutate(async ({ tx, audit }) => {
    const subscription = await requireSubscription(tx, ctx, request.id);
    await deleteSubscription(tx, request.id);
    audit({
      action: 'webhook.delete',
      target: request.id,
      attributes: auditFieldsOf(subscription),
    });
    return subscription;
  });
}

export async function rotateWebhookSecret(
  ctx: EnvironmentContext,
  request: WebhookIdRequest,
): Promise<CreatedWebhook> {
  const secret = newSecret();
  return ctx.mutate(async ({ tx, audit }) => {
    const subscription = await requireSubscription(tx, ctx, request.id);
    await updateSubscription(tx, request.id, { secret });
    audit({
      action: 'webhook.rotate',
      target: request.id,
      attributes: { name: subscription.name },
    });
    return { ...subscription, secret };
  });
}

/** The test event, to this subscription only: a message of its own, delivered like any other. */
export async function testWebhook(
  ctx: EnvironmentContext,
  setup: WebhookSetup,
  request: WebhookIdRequest,
): Promise<WebhookDelivery> {
  return ctx.mutate(async (unit) => {
    const subscription = await requireSubscription(unit.tx, ctx, request.id);
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
            environment: ctx.environmentId,
            data: { subscription: subscription.name, by: ctx.actor.email },
          },
          environmentId: ctx.environmentId,
          revision: null,
        },
      ],
      WEBHOOK_OUTBOX_CHANNEL,
    );
    await enqueueDelivery(unit, setup.jobs, subscription.id);
    unit.audit({
      action: 'webhook.test',
      target: subscription.id,
      attributes: { name: subscription.name, delivery: id },
    });
    return (await findDelivery(unit.tx, subscription.id, id))!;
  });
}

export async function listWebhookDeliveries(
  ctx: EnvironmentContext,
  request: WebhookDeliveriesRequest,
): Promise<WebhookDelivery[]> {
  const subscriptions = await listSubscriptions(ctx.db, ctx.environmentId);
  if (!subscriptions.some((subscription) => subscription.id === request.id)) {
    throw notFound(notFoundMessage(request.id));
  }
  return listDeliveries(ctx.db, request.id, request.limit);
}

/** Sends a delivery again from its first attempt: same webhook-id and body, in the subscription's order. */
export async function redeliverWebhook(
  ctx: EnvironmentContext,
  setup: WebhookSetup,
  request: RedeliverWebhookRequest,
): Promise<WebhookDelivery> {
  return ctx.mutate(async (unit) => {
    const subscription = await requireSubscription(unit.tx, ctx, request.id);
    const delivery = await findDelivery(unit.tx, subscription.id, request.delivery);
    if (!delivery)
      throw notFound(`Delivery '${request.delivery}' of webhook '${subscription.name}' not found`);
    await resetMessage(unit.tx, delivery.id);
    await enqueueDelivery(unit, setup.jobs, subscription.id);
    unit.audit({
      action: 'webhook.redeliver',
      target: subscription.id,
      attributes: { name: subscription.name, delivery: delivery.id },
    });
    return (await findDelivery(unit.tx, subscription.id, delivery.id))!;
  });
}
