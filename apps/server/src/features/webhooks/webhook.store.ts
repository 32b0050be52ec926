import type {
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEvent,
  WebhookEventType,
  WebhookFormat,
} from '@console/domain/webhooks';
import type { Db, Tx } from '../../db/client.ts';

// Subscriptions, the outbox of messages (one event for one subscription) and the attempts to deliver them.

interface SubscriptionRow {
  id: string;
  environmentId: string;
  name: string;
  url: string;
  events: string[];
  format: string;
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  created: Date;
  createdBy: string;
  lastDeliveryAt: Date | null;
  lastDeliveryStatus: number | null;
  lastDeliveryOk: boolean | null;
}

const subscriptionSelect = {
  id: true,
  environmentId: true,
  name: true,
  url: true,
  events: true,
  format: true,
  enabled: true,
  disabledReason: true,
  disabledAt: true,
  created: true,
  createdBy: true,
  lastDeliveryAt: true,
  lastDeliveryStatus: true,
  lastDeliveryOk: true,
} as const;

export const toWebhook = (row: SubscriptionRow): Webhook => ({
  id: row.id,
  name: row.name,
  url: row.url,
  events: row.events as WebhookEventType[],
  format: row.format as WebhookFormat,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  disabledAt: row.disabledAt?.getTime() ?? null,
  created: row.created.getTime(),
  createdBy: row.createdBy,
  lastDelivery:
    row.lastDeliveryAt === null
      ? null
      : {
          at: row.lastDeliveryAt.getTime(),
          status: row.lastDeliveryStatus,
          isSuccess: row.lastDeliveryOk ?? false,
        },
});

export interface SubscriptionFields {
  name: string;
  url: string;
  events: readonly WebhookEventType[];
  format: WebhookFormat;
  enabled: boolean;
}

export async function insertSubscription(
  tx: Tx,
  subscription: SubscriptionFields & { id: string; environmentId: string; secret: string; createdBy: string },
): Promise<Webhook> {
  const row = await tx.webhookSubscription.create({
    // Each type once, in the order given.
    data: { ...subscription, events: [...new Set(subscription.events)] },
    select: subscriptionSelect,
  });
  return toWebhook(row);
}

export async function countSubscriptions(db: Db | Tx, environmentId: string): Promise<number> {
  return db.webhookSubscription.count({ where: { environmentId } });
}

export async function listSubscriptions(db: Db | Tx, environmentId: string): Promise<Webhook[]> {
  const rows = await db.webhookSubscription.findMany({
    where: { environmentId },
    select: subscriptionSelect,
    orderBy: [{ created: 'asc' }, { id: 'asc' }],
  });
  return rows.map(toWebhook);
}

/** The subscription, locked against a concurrent save, delete or delivery's disabling, or null. */
export async function lockSubscription(tx: Tx, environmentId: string, id: string): Promise<Webhook | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "webhook_subscription" WHERE "id" = ${id} AND "environment_id" = ${environmentId} FOR UPDATE`;
  if (locked.length === 0) return null;
  const row = await tx.webhookSubscription.findUnique({ where: { id }, select: subscriptionSelect });
  return row ? toWebhook(row) : null;
}

export async function updateSubscription(
  tx: Tx,
  id: string,
  fields: Partial<SubscriptionFields> & {
    secret?: string;
    disabledReason?: string | null;
    disabledAt?: Date | null;
  },
): Promise<Webhook> {
  const { events, ...rest } = fields;
  const row = await tx.webhookSubscription.update({
    where: { id },
    data: { ...rest, ...(events ? { events: [...new Set(events)] } : {}) },
    select: subscriptionSelect,
  });
  return toWebhook(row);
}

export async function deleteSubscription(tx: Tx, id: string): Promise<void> {
  await tx.webhookSubscription.delete({ where: { id } });
}

/** An enabled subscription that wants one of the event types, in the environments or (consoleWide) any. */
export interface WantingSubscription {
  id: string;
  environmentId: string;
  events: string[];
}

/**
 * The enabled subscriptions wanting any of `types` in `environments` (or in every environment for
 * console-wide events): the outbox's one query per change that may announce something.
 */
export async function findSubscriptionsWanting(
  tx: Tx,
  types: readonly string[],
  environments: readonly string[],
  isConsoleWide: boolean,
): Promise<WantingSubscription[]> {
  return tx.$queryRaw<WantingSubscription[]>`
    SELECT "id", "environment_id" AS "environmentId", "events" FROM "webhook_subscription"
     WHERE "enabled" AND "events" && ${[...types]}::text[]
       AND (${isConsoleWide} OR "environment_id" = ANY(${[...environments]}::text[]))`;
}

export interface NewMessage {
  id: string;
  subscriptionId: string;
  type: WebhookEventType;
  event: WebhookEvent | null;
  environmentId: string | null;
  revision: number | null;
}

/**
 * Writes the messages in one statement (the outbox's one write in the transaction of a change), which
 * also notifies `channel` of each subscription that got one: a raw insert from one JSON parameter, a
 * fraction of what Prisma's createMany costs here.
 */
export async function insertMessages(
  tx: Tx,
  messages: readonly NewMessage[],
  channel: string,
): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map((message, ordinal) => ({
    ordinal,
    id: message.id,
    subscription_id: message.subscriptionId,
    type: message.type,
    // Absent rather than JSON null: a missing key is SQL NULL.
    ...(message.event === null ? {} : { event: message.event }),
    environment_id: message.environmentId,
    revision: message.revision,
  }));
  await tx.$queryRaw`
    WITH "inserted" AS (
      INSERT INTO "webhook_message" ("id", "subscription_id", "type", "event", "environment_id", "revision", "state")
      SELECT x."id", x."subscription_id", x."type", x."event", x."environment_id", x."revision", 'pending'
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
               "ordinal" int, "id" text, "subscription_id" text, "type" text, "event" jsonb,
               "environment_id" text, "revision" int)
       ORDER BY x."ordinal"
      RETURNING "subscription_id")
    SELECT pg_notify(${channel}, s."subscription_id")::text AS "notified"
      FROM (SELECT DISTINCT "subscription_id" FROM "inserted") AS s`;
}

/** What a delivery needs of its subscription, once this process holds its lease. */
export interface LeasedSubscription {
  id: string;
  environmentId: string;
  name: string;
  url: string;
  format: WebhookFormat;
  secret: string;
  /** Until when this process holds the lease: also what tells its lease from a later holder's. */
  leaseUntil: Date;
}

/**
 * Takes the subscription's delivery lease for `leaseMs` unless another process holds it (or it is
 * disabled or gone): one delivery at a time per subscription, over every replica.
 */
export async function claimDeliveryLease(
  db: Db,
  subscriptionId: string,
  leaseMs: number,
): Promise<LeasedSubscription | null> {
  const rows = await db.$queryRaw<LeasedSubscription[]>`
    UPDATE "webhook_subscription" SET "lease_until" = now() + ${leaseMs} * interval '1 millisecond'
     WHERE "id" = ${subscriptionId} AND "enabled" AND ("lease_until" IS NULL OR "lease_until" < now())
    RETURNING "id", "environment_id" AS "environmentId", "name", "url", "format", "secret",
              "lease_until" AS "leaseUntil"`;
  return rows[0] ?? null;
}

/**
 * Extends the lease this process holds (lease.leaseUntil moves on); false when it is no longer its own:
 * the subscription was disabled or deleted, or the lease ran out and another process took it.
 */
export async function renewDeliveryLease(
  db: Db,
  lease: LeasedSubscription,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db.$queryRaw<{ leaseUntil: Date }[]>`
    UPDATE "webhook_subscription" SET "lease_until" = now() + ${leaseMs} * interval '1 millisecond'
     WHERE "id" = ${lease.id} AND "enabled" AND "lease_until" = ${lease.leaseUntil}
    RETURNING "lease_until" AS "leaseUntil"`;
  if (rows.length === 0) return false;
  lease.leaseUntil = rows[0]!.leaseUntil;
  return true;
}

/** Gives the lease back, unless it ran out and another process holds it now. */
export async function releaseDeliveryLease(db: Db, lease: LeasedSubscription): Promise<void> {
  await db.$executeRaw`
    UPDATE "webhook_subscription" SET "lease_until" = NULL
     WHERE "id" = ${lease.id} AND "lease_until" = ${lease.leaseUntil}`;
}

export interface PendingMessage {
  id: string;
  type: WebhookEventType;
  event: WebhookEvent | null;
  environmentId: string | null;
  revision: number | null;
  failures: number;
  nextAttempt: Date;
  created: Date;
}

/**
 * The subscription's first `limit` messages not yet delivered nor failed, in order: the first is the only
 * one that may be sent while it waits for a retry (the partial index of pending messages answers it).
 */
export async function findPendingMessages(
  db: Db,
  subscriptionId: string,
  limit: number,
): Promise<PendingMessage[]> {
  const rows = await db.$queryRaw<(Omit<PendingMessage, 'type'> & { type: string })[]>`
    SELECT "id", "type", "event", "environment_id" AS "environmentId", "revision", "failures",
           "next_attempt" AS "nextAttempt", "created"
      FROM "webhook_message"
     WHERE "subscription_id" = ${subscriptionId} AND "state" = 'pending'
     ORDER BY "sequence" LIMIT ${limit}`;
  return rows.map((row) => ({ ...row, type: row.type as WebhookEventType }));
}

/** One attempt of a batch and what it leaves its message as. */
export interface RecordedAttempt {
  messageId: string;
  attempt: Omit<WebhookAttempt, 'at'> & { at: Date };
  next: {
    state: 'pending' | 'delivered' | 'failed';
    failures: number;
    nextAttempt?: Date;
    /** A revision's event built at this attempt (legacy messages), kept for every later one. */
    event?: WebhookEvent;
  };
}

/**
 * Records a batch of attempts of one subscription, in the order made, in one statement: the attempts,
 * what each leaves its message as, and the last of them as the subscription's latest delivery.
 */
export async function recordAttempts(
  db: Db,
  subscriptionId: string,
  recorded: readonly RecordedAttempt[],
): Promise<void> {
  if (recorded.length === 0) return;
  const rows = recorded.map(({ messageId, attempt, next }, index) => ({
    ordinal: index,
    message_id: messageId,
    at: attempt.at.toISOString(),
    status: attempt.status,
    latency_ms: attempt.latencyMs,
    response: attempt.response,
    is_success: attempt.isSuccess,
    state: next.state,
    failures: next.failures,
    next_attempt: next.nextAttempt?.toISOString() ?? null,
    // Absent rather than JSON null: a missing key is SQL NULL, which keeps the stored event.
    ...(next.event ? { event: next.event } : {}),
  }));
  const last = recorded.at(-1)!.attempt;
  await db.$executeRaw`
    WITH "batch" AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        "ordinal" int, "message_id" text, "at" timestamptz, "status" int, "latency_ms" int, "response" text,
        "is_success" boolean, "state" text, "failures" int, "next_attempt" timestamptz, "event" jsonb)
    ), "attempts" AS (
      INSERT INTO "webhook_attempt" ("message_id", "at", "status", "latency_ms", "response", "is_success")
      SELECT b."message_id", b."at", b."status", b."latency_ms", b."response", b."is_success"
        FROM "batch" b
        -- A message deleted with its subscription meanwhile keeps no attempt.
        JOIN "webhook_message" m ON m."id" = b."message_id"
       ORDER BY b."ordinal"
    ), "messages" AS (
      UPDATE "webhook_message" m
         SET "state" = b."state", "failures" = b."failures",
             "next_attempt" = COALESCE(b."next_attempt", m."next_attempt"),
             "event" = COALESCE(b."event", m."event")
        FROM "batch" b WHERE m."id" = b."message_id"
    )
    UPDATE "webhook_subscription"
       SET "last_delivery_at" = ${last.at}, "last_delivery_status" = ${last.status},
           "last_delivery_ok" = ${last.isSuccess}
     WHERE "id" = ${subscriptionId}`;
}

/**
 * The subscriptions with a message due for longer than `staleMs` and nobody delivering: deliveries a
 * crash stopped, which the sweep hands to a new job.
 */
export async function findSubscriptionsDue(db: Db, staleMs: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT s."id" FROM "webhook_subscription" s
     WHERE s."enabled" AND (s."lease_until" IS NULL OR s."lease_until" < now())
       AND (SELECT m."next_attempt" FROM "webhook_message" m
             WHERE m."subscription_id" = s."id" AND m."state" = 'pending'
             ORDER BY m."sequence" LIMIT 1) <= now() - ${staleMs} * interval '1 millisecond'`;
  return rows.map((row) => row.id);
}

/** The subscription's latest messages, newest first, with their attempts (newest first). */
export async function listDeliveries(
  db: Db,
  subscriptionId: string,
  limit: number,
): Promise<WebhookDelivery[]> {
  const rows = await db.webhookMessage.findMany({
    where: { subscriptionId },
    orderBy: { sequence: 'desc' },
    take: limit,
    select: {
      id: true,
      type: true,
      created: true,
      state: true,
      attempts: { orderBy: { id: 'desc' }, select: attemptSelect },
    },
  });
  return rows.map(toDelivery);
}

const attemptSelect = {
  at: true,
  status: true,
  latencyMs: true,
  response: true,
  isSuccess: true,
} as const;

const toDelivery = (row: {
  id: string;
  type: string;
  created: Date;
  state: string;
  attempts: { at: Date; status: number | null; latencyMs: number; response: string; isSuccess: boolean }[];
}): WebhookDelivery => ({
  id: row.id,
  type: row.type as WebhookEventType,
  created: row.created.getTime(),
  state: row.state as WebhookDelivery['state'],
  attempts: row.attempts.map((attempt) => ({ ...attempt, at: attempt.at.getTime() })),
});

export async function findDelivery(
  db: Db | Tx,
  subscriptionId: string,
  messageId: string,
): Promise<WebhookDelivery | null> {
  const row = await db.webhookMessage.findFirst({
    where: { id: messageId, subscriptionId },
    select: {
      id: true,
      type: true,
      created: true,
      state: true,
      attempts: { orderBy: { id: 'desc' }, select: attemptSelect },
    },
  });
  return row ? toDelivery(row) : null;
}

/** Sends the message again from its first attempt (same id and body). */
export async function resetMessage(tx: Tx, messageId: string): Promise<void> {
  await tx.webhookMessage.update({
    where: { id: messageId },
    data: { state: 'pending', failures: 0, nextAttempt: new Date() },
  });
}
