import {
  nextWebhookRetrySeconds,
  revisionDiffPath,
  WEBHOOK_EVENT_VERSION,
  type WebhookEvent,
  webhookDisabledReason,
} from '@console/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { mutate } from '../../db/unit-of-work.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { summariseRevision } from '../runtime/runtime-revision-summary.service.ts';
import {
  claimDeliveryLease,
  findHeadMessage,
  findSubscriptionsDue,
  type LeasedSubscription,
  lockSubscription,
  type PendingMessage,
  recordAttempt,
  releaseDeliveryLease,
  renewDeliveryLease,
  updateSubscription,
} from './webhook.store.ts';
import {
  Agents,
  postWebhook,
  resolveWebhookTarget,
  UnsafeUrlError,
  type WebhookResponse,
} from './webhook-http.ts';
import { WEBHOOK_DELIVERY_JOB, type WebhookDeliveryJob } from './webhook-outbox.service.ts';
import { bodyOf, signedHeaders } from './webhook-payload.ts';

// Delivery: at least once, one message at a time per subscription and in order (the subscription's lease,
// held by one process of any replica), the same webhook-id and body on every attempt, retried on the
// schedule (about a day) and then the subscription is disabled with its reason.

export interface WebhookDeliveryOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_NETWORKS: no address check, and http allowed (tests' receivers on 127.0.0.1). */
  allowPrivateNetworks: boolean;
  /** The console's URL, for the links in Slack messages. */
  consoleUrl: string;
  /** Seconds before each retry (WEBHOOK_RETRY_SCHEDULE_SECONDS; tests shorten it). */
  retryScheduleSeconds: readonly number[];
  /** How long each attempt waits for the answer. */
  timeoutMs: number;
  /** How often a process running workers looks for messages nobody is delivering (after a crash). */
  sweepIntervalMs: number;
}

/** Longer than an attempt: a process that died mid-attempt frees its subscriptions after this long. */
const leaseMsOf = (options: WebhookDeliveryOptions) => options.timeoutMs + 5_000;
/** A job delivers at most this many messages, then leaves the rest to the next job (fair to others). */
const MESSAGES_PER_JOB = 200;
/** Who the console audits a subscription's disabling as. */
const CONSOLE_ACTOR = 'console';

type Outcome = 'delivered' | 'empty' | 'waiting' | 'failed';

export class WebhookDelivery {
  #sweepTimer: NodeJS.Timeout | undefined;
  #isSweeping = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly options: WebhookDeliveryOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The job handler: delivers the subscription's due messages, in order, while nobody else does. */
  async deliver({ subscriptionId }: WebhookDeliveryJob): Promise<void> {
    const leaseMs = leaseMsOf(this.options);
    for (let delivered = 0; delivered < MESSAGES_PER_JOB; ) {
      const lease = await claimDeliveryLease(this.db, subscriptionId, leaseMs);
      // Another process is delivering it (it sees this job's message too), or it is disabled or gone.
      if (!lease) return;
      let outcome: Outcome = 'empty';
      // One connection per run (kept alive), to the addresses each attempt checked.
      const agent = new Agents();
      try {
        // The lease is renewed after each message (each attempt takes less than the lease).
        do {
          outcome = await this.#deliverHead(lease, agent);
          if (outcome === 'delivered') delivered += 1;
        } while (
          outcome === 'delivered' &&
          delivered < MESSAGES_PER_JOB &&
          (await renewDeliveryLease(this.db, lease, leaseMs))
        );
      } finally {
        agent.destroy();
        await releaseDeliveryLease(this.db, lease);
      }
      // A message committed while the lease was held had its job find the lease taken: look once more.
      if (outcome === 'empty' && (await this.#isHeadDue(subscriptionId))) continue;
      if (outcome !== 'delivered') return;
    }
    await this.jobs.send<WebhookDeliveryJob>(WEBHOOK_DELIVERY_JOB, { subscriptionId });
  }

  async #isHeadDue(subscriptionId: string): Promise<boolean> {
    const head = await findHeadMessage(this.db, subscriptionId);
    return head !== null && head.nextAttempt.getTime() <= Date.now();
  }

  async #deliverHead(lease: LeasedSubscription, agent: Agents): Promise<Outcome> {
    const head = await findHeadMessage(this.db, lease.id);
    if (!head) return 'empty';
    // Later messages wait behind the first until its retry is due: order per subscription.
    if (head.nextAttempt.getTime() > Date.now()) return 'waiting';
    const isBuilt = head.event !== null;
    const event = head.event ?? (await this.#buildRevisionEvent(head));
    const at = new Date();
    const body = bodyOf(event, lease.format, this.options.consoleUrl);
    const response = await this.#send(lease, head.id, body, at, agent);
    // A revision's event is kept with the first attempt, so every later one sends the same body.
    const built = isBuilt ? {} : { event };
    if (response.isSuccess) {
      await this.#record(
        head.id,
        { ...response, at },
        { state: 'delivered', failures: head.failures, ...built },
      );
      return 'delivered';
    }
    const failures = head.failures + 1;
    const delaySeconds = nextWebhookRetrySeconds(failures, this.options.retryScheduleSeconds);
    if (delaySeconds === null) {
      await this.#record(head.id, { ...response, at }, { state: 'failed', failures, ...built });
      await this.#disable(lease, webhookDisabledReason(failures, response.response));
      return 'failed';
    }
    const nextAttempt = new Date(Date.now() + delaySeconds * 1000);
    await this.#record(head.id, { ...response, at }, { state: 'pending', failures, nextAttempt, ...built });
    await this.jobs.send<WebhookDeliveryJob>(
      WEBHOOK_DELIVERY_JOB,
      { subscriptionId: lease.id },
      { startAfter: nextAttempt },
    );
    return 'failed';
  }

  #record(...args: Parameters<typeof recordAttempt> extends [unknown, ...infer Rest] ? Rest : never) {
    return runInTransaction(this.db, (tx) => recordAttempt(tx, ...args));
  }

  async #send(
    lease: LeasedSubscription,
    messageId: string,
    body: string,
    at: Date,
    agent: Agents,
  ): Promise<WebhookResponse> {
    try {
      const target = await resolveWebhookTarget(lease.url, this.options);
      const headers = signedHeaders(lease.secret, messageId, body, at);
      return await postWebhook(target, body, headers, this.options.timeoutMs, agent);
    } catch (error) {
      if (!(error instanceof UnsafeUrlError)) throw error;
      return { status: null, latencyMs: 0, response: error.message, isSuccess: false };
    }
  }

  /** A revision's event is built at its first attempt (outside the publishing transaction). */
  async #buildRevisionEvent(message: PendingMessage): Promise<WebhookEvent> {
    const environment = message.environmentId!;
    const summary = await summariseRevision(this.db, environment, message.revision!);
    const event: WebhookEvent = {
      type: 'runtime.revision.published',
      version: WEBHOOK_EVENT_VERSION,
      timestamp: message.created.toISOString(),
      environment,
      data: {
        revision: summary.revision,
        author: summary.author,
        changes: {
          plugins: summary.changes.plugins,
          abTests: summary.changes.abTests,
          configurations: summary.changes.configurations,
        },
        url: revisionDiffPath(environment, summary.revision),
      },
    };
    return event;
  }

  async #disable(lease: LeasedSubscription, reason: string): Promise<void> {
    await mutate(this.db, async ({ tx, audit }) => {
      const subscription = await lockSubscription(tx, lease.environmentId, lease.id);
      if (!subscription?.enabled) return;
      await updateSubscription(tx, lease.id, {
        enabled: false,
        disabledReason: reason,
        disabledAt: new Date(),
      });
      audit({
        environmentId: lease.environmentId,
        email: CONSOLE_ACTOR,
        action: 'webhook.disable',
        target: lease.id,
        attributes: { name: subscription.name, reason },
      });
    });
    this.log.warn({ subscription: lease.id, reason }, 'webhook subscription disabled');
  }

  /** In a process running workers: looks now and then for messages whose delivery stopped (a crash). */
  startSweeping(): void {
    this.#sweepTimer = setInterval(() => void this.#sweep(), this.options.sweepIntervalMs);
    this.#sweepTimer.unref();
  }

  stopSweeping(): void {
    clearInterval(this.#sweepTimer);
  }

  async #sweep(): Promise<void> {
    if (this.#isSweeping) return;
    this.#isSweeping = true;
    try {
      for (const subscriptionId of await findSubscriptionsDue(this.db, leaseMsOf(this.options))) {
        await this.jobs.send<WebhookDeliveryJob>(WEBHOOK_DELIVERY_JOB, { subscriptionId });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'webhook sweep');
    } finally {
      this.#isSweeping = false;
    }
  }
}
