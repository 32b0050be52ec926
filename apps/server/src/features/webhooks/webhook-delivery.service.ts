import { nextWebhookRetrySeconds, type WebhookEvent, webhookDisabledReason } from '@console/domain/webhooks';
import type { FastifyBaseLogger } from 'fastify';
import { CONSOLE_ACTOR, createEnvironmentContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { UnitOfWorkRunner } from '../../db/unit-of-work.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { summariseRevision } from '../revisions/revision-summary.service.ts';
import {
  claimDeliveryLease,
  findPendingMessages,
  findSubscriptionsDue,
  type LeasedSubscription,
  lockSubscription,
  type PendingMessage,
  type RecordedAttempt,
  recordAttempts,
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
import { bodyOf, revisionPublishedEvent, signedHeaders } from './webhook-payload.ts';

// Delivery: at least once, one message at a time per subscription and in order (the subscription's lease,
// held by one process of any replica), the same webhook-id and body on every attempt, retried on the
// schedule (about a day) and then the subscription is disabled with its reason. Messages are read and
// their attempts recorded in batches: one query reads a batch, its messages are sent one after the
// other, and one statement records what they answered; a failed attempt ends its batch, since the
// messages behind it wait for its retry.

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
/** An attempt starts only while the lease has this much left beyond the attempt's timeout. */
const LEASE_MARGIN_MS = 2_000;
/** A job delivers at most this many messages, then leaves the rest to the next job (fair to others). */
const MESSAGES_PER_JOB = 200;
/** How many messages one batch reads and sends before recording them. */
const MESSAGES_PER_BATCH = 50;
/**
 * A batch is recorded once it has run this long, whatever its size: the delivery log stays current, and
 * a process that dies mid-batch leaves few sent messages unrecorded (they are sent again, same id).
 */
const BATCH_MS = 1_000;

/** How a batch ended: all sent (go on), nothing left, the first waiting for its retry, or a failure. */
type Outcome = 'delivered' | 'empty' | 'waiting' | 'failed';

/** The lease a delivery holds, with when it runs out by this process's clock (read before asking). */
interface HeldLease {
  lease: LeasedSubscription;
  heldUntil: number;
}

export class WebhookDelivery {
  #sweepTimer: NodeJS.Timeout | undefined;
  #isSweeping = false;
  /** The subscriptions whose job is being sent by wake(): true when another wake wants one more. */
  readonly #waking = new Map<string, boolean>();

  private readonly db: Db;

  constructor(
    private readonly unitOfWork: UnitOfWorkRunner,
    private readonly jobs: JobQueue,
    private readonly options: WebhookDeliveryOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = unitOfWork.db;
  }

  /**
   * Messages of the subscription were committed (WEBHOOK_OUTBOX_CHANNEL): sends its delivery job. One
   * send in flight per subscription, and one more after it when another commit came meanwhile (the job
   * in flight may have looked already), so a burst of commits does not queue a job each.
   */
  wake(subscriptionId: string): void {
    if (this.#waking.has(subscriptionId)) {
      this.#waking.set(subscriptionId, true);
      return;
    }
    this.#waking.set(subscriptionId, false);
    void this.jobs
      .send<WebhookDeliveryJob>(WEBHOOK_DELIVERY_JOB, { subscriptionId })
      // The sweep delivers the messages anyway, a little later.
      .catch((error) => this.log.warn({ err: error, subscription: subscriptionId }, 'webhook wake'))
      .finally(() => {
        const isWantedAgain = this.#waking.get(subscriptionId) === true;
        this.#waking.delete(subscriptionId);
        if (isWantedAgain) this.wake(subscriptionId);
      });
  }

  /** The job handler: delivers the subscription's due messages, in order, while nobody else does. */
  async deliver({ subscriptionId }: WebhookDeliveryJob): Promise<void> {
    const leaseMs = leaseMsOf(this.options);
    for (let delivered = 0; delivered < MESSAGES_PER_JOB; ) {
      const asked = Date.now();
      const lease = await claimDeliveryLease(this.db, subscriptionId, leaseMs);
      // Another process is delivering it (it sees this job's message too), or it is disabled or gone.
      if (!lease) return;
      const held: HeldLease = { lease, heldUntil: asked + leaseMs };
      let outcome: Outcome = 'empty';
      // One connection per run (kept alive), to the addresses each attempt checked.
      const agent = new Agents();
      try {
        do {
          const batch = await this.#deliverBatch(held, agent, MESSAGES_PER_JOB - delivered);
          outcome = batch.outcome;
          delivered += batch.delivered;
        } while (
          outcome === 'delivered' &&
          delivered < MESSAGES_PER_JOB &&
          (await this.#keepLease(held, true))
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
    const [head] = await findPendingMessages(this.db, subscriptionId, 1);
    return head !== undefined && head.nextAttempt.getTime() <= Date.now();
  }

  /**
   * True while the lease outlasts one more attempt, renewing it when it would not (or always, with
   * `isRenewed`: at each batch, so a subscription disabled or deleted meanwhile stops within a batch);
   * false once lost.
   */
  async #keepLease(held: HeldLease, isRenewed = false): Promise<boolean> {
    if (!isRenewed && Date.now() + this.options.timeoutMs + LEASE_MARGIN_MS < held.heldUntil) return true;
    const asked = Date.now();
    const leaseMs = leaseMsOf(this.options);
    if (!(await renewDeliveryLease(this.db, held.lease, leaseMs))) return false;
    held.heldUntil = asked + leaseMs;
    return true;
  }

  /** Sends the subscription's next due messages in order, up to `most`, and records them at once. */
  async #deliverBatch(
    held: HeldLease,
    agent: Agents,
    most: number,
  ): Promise<{ outcome: Outcome; delivered: number }> {
    const { lease } = held;
    const pending = await findPendingMessages(this.db, lease.id, Math.min(most, MESSAGES_PER_BATCH));
    if (pending.length === 0) return { outcome: 'empty', delivered: 0 };
    const started = Date.now();
    const recorded: RecordedAttempt[] = [];
    let outcome: Outcome = 'delivered';
    let disabledReason: string | null = null;
    let retryAt: Date | null = null;
    for (const message of pending) {
      // Later messages wait behind one whose retry is not due yet: order per subscription.
      if (message.nextAttempt.getTime() > Date.now()) {
        outcome = 'waiting';
        break;
      }
      if (recorded.length > 0 && Date.now() - started >= BATCH_MS) break;
      if (!(await this.#keepLease(held))) {
        outcome = 'waiting';
        break;
      }
      const built = message.event === null ? await this.#buildRevisionEvent(message) : null;
      const event = message.event ?? built!;
      const at = new Date();
      const body = bodyOf(event, lease.format, this.options.consoleUrl);
      const response = await this.#send(lease, message.id, body, at, agent);
      // A revision's event built at an attempt is kept, so every later one sends the same body.
      const kept = built ? { event: built } : {};
      const attempt = { ...response, at };
      if (response.isSuccess) {
        recorded.push({
          messageId: message.id,
          attempt,
          next: { state: 'delivered', failures: message.failures, ...kept },
        });
        continue;
      }
      outcome = 'failed';
      const failures = message.failures + 1;
      const delaySeconds = nextWebhookRetrySeconds(failures, this.options.retryScheduleSeconds);
      if (delaySeconds === null) {
        recorded.push({ messageId: message.id, attempt, next: { state: 'failed', failures, ...kept } });
        disabledReason = webhookDisabledReason(failures, response.response);
      } else {
        retryAt = new Date(Date.now() + delaySeconds * 1000);
        recorded.push({
          messageId: message.id,
          attempt,
          next: { state: 'pending', failures, nextAttempt: retryAt, ...kept },
        });
      }
      break;
    }
    await recordAttempts(this.db, lease.id, recorded);
    if (disabledReason !== null) await this.#disable(lease, disabledReason);
    if (retryAt !== null) {
      await this.jobs.send<WebhookDeliveryJob>(
        WEBHOOK_DELIVERY_JOB,
        { subscriptionId: lease.id },
        { startAfter: retryAt },
      );
    }
    const delivered = recorded.filter((entry) => entry.next.state === 'delivered').length;
    return { outcome, delivered };
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

  /**
   * A revision's event for a message written before the outbox kept its summary: built at its first
   * attempt from the stored revisions.
   */
  async #buildRevisionEvent(message: PendingMessage): Promise<WebhookEvent> {
    const environment = message.environmentId!;
    const summary = await summariseRevision({ db: this.db, environmentId: environment }, message.revision!);
    return revisionPublishedEvent(environment, summary, message.created.toISOString());
  }

  async #disable(lease: LeasedSubscription, reason: string): Promise<void> {
    // The console acts, in the subscription's environment.
    const ctx = createEnvironmentContext(this.unitOfWork, CONSOLE_ACTOR, lease.environmentId);
    await ctx.mutate(async ({ tx, audit }) => {
      const subscription = await lockSubscription(tx, lease.environmentId, lease.id);
      if (!subscription?.enabled) return;
      await updateSubscription(tx, lease.id, {
        enabled: false,
        disabledReason: reason,
        disabledAt: new Date(),
      });
      audit({
        action: 'webhook.disable',
        target: lease.id,
        attributes: { name: subscription.name, reason },
      });
    });
    this.log.warn({ subscription: lease.id, reason }, 'webhook subscription disabled');
  }

  /** In a process running workers: looks now and then for messages whose delivery stopped (a crash). */
  startSweeping(): void {
    // At once too: messages committed while no process running workers listened wait for no one.
    this.sweepNow();
    this.#sweepTimer = setInterval(() => void this.#sweep(), this.options.sweepIntervalMs);
    this.#sweepTimer.unref();
  }

  stopSweeping(): void {
    clearInterval(this.#sweepTimer);
  }

  /** Looks at once (after the LISTEN connection came back: notifications may have been missed). */
  sweepNow(): void {
    void this.#sweep();
  }

  async #sweep(): Promise<void> {
    if (this.#isSweeping) return;
    this.#isSweeping = true;
    try {
      // Due for a whole sweep interval and nobody delivering: its notification was missed, or its job
      // lost (a crash while it ran).
      for (const subscriptionId of await findSubscriptionsDue(this.db, this.options.sweepIntervalMs)) {
        await this.jobs.send<WebhookDeliveryJob>(WEBHOOK_DELIVERY_JOB, { subscriptionId });
      }
    } catch (error) {
      this.log.warn({ err: error }, 'webhook sweep');
    } finally {
      this.#isSweeping = false;
    }
  }
}
