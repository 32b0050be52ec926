import { api } from '@console/domain/endpoints';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_TIMEOUT_MS } from '@console/domain/webhooks';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  redeliverWebhook,
  rotateWebhookSecret,
  saveWebhook,
  testWebhook,
  type WebhookSetup,
} from './webhook.service.ts';
import { WebhookDelivery, type WebhookDeliveryOptions } from './webhook-delivery.service.ts';
import {
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_OUTBOX_CHANNEL,
  type WebhookDeliveryJob,
} from './webhook-outbox.service.ts';

/** What a test may shorten of the delivery (BuildAppOptions.webhooks): never a sleep on a clock. */
export type WebhookTimings = Partial<
  Pick<WebhookDeliveryOptions, 'retryScheduleSeconds' | 'timeoutMs' | 'sweepIntervalMs'>
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhooks' delivery timings (BuildAppOptions.webhooks; the product's by default). */
    webhookTimings: WebhookTimings;
  }
}

const SWEEP_INTERVAL_MS = 5_000;

export async function webhooksRoutes(app: FastifyInstance) {
  const { webhooks } = api;
  const { settings } = app;
  const allowPrivateNetworks = settings.webhooksAllowPrivateNetworks;
  const delivery = new WebhookDelivery(
    app.unitOfWork,
    app.jobs,
    {
      allowPrivateNetworks,
      consoleUrl: settings.publicUrl,
      retryScheduleSeconds: app.webhookTimings.retryScheduleSeconds ?? WEBHOOK_RETRY_SCHEDULE_SECONDS,
      timeoutMs: app.webhookTimings.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      sweepIntervalMs: app.webhookTimings.sweepIntervalMs ?? SWEEP_INTERVAL_MS,
    },
    app.log,
  );
  // A job that fails (the database, not the receiver: that is an attempt) is retried by the queue.
  await app.jobs.define<WebhookDeliveryJob>(WEBHOOK_DELIVERY_JOB, (job) => delivery.deliver(job.data), {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
  });
  if (settings.jobWorkers) {
    app.addHook('onReady', async () => {
      // Committed messages wake this process (any process running workers sends the job).
      await app.dbListener.subscribe(WEBHOOK_OUTBOX_CHANNEL, (subscriptionId) =>
        delivery.wake(subscriptionId),
      );
      app.dbListener.onReconnect(() => delivery.sweepNow());
      delivery.startSweeping();
    });
    app.addHook('onClose', async () => delivery.stopSweeping());
  }

  const setup: WebhookSetup = { jobs: app.jobs, allowPrivateNetworks };
  registerEndpoint(app, webhooks.list, ({ ctx }) => listWebhooks(ctx));
  registerEndpoint(app, webhooks.create, ({ ctx, body }) => createWebhook(ctx, setup, body));
  registerEndpoint(app, webhooks.save, ({ ctx, body }) => saveWebhook(ctx, setup, body));
  registerEndpoint(app, webhooks.delete, ({ ctx, body }) => deleteWebhook(ctx, body));
  registerEndpoint(app, webhooks.rotate, ({ ctx, body }) => rotateWebhookSecret(ctx, body));
  registerEndpoint(app, webhooks.test, ({ ctx, body }) => testWebhook(ctx, setup, body));
  registerEndpoint(app, webhooks.deliveries, ({ ctx, body }) => listWebhookDeliveries(ctx, body));
  registerEndpoint(app, webhooks.redeliver, ({ ctx, body }) => redeliverWebhook(ctx, setup, body));
}
