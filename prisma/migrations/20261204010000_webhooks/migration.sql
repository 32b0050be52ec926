-- Webhooks (docs/decisions.md, Webhooks): subscriptions per environment, the transactional outbox of
-- messages (one event for one subscription, written with the change) and each delivery attempt.
CREATE TABLE IF NOT EXISTS "webhook_subscription" (
    "id" TEXT NOT NULL,
    "environment_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[] NOT NULL,
    "format" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "secret" TEXT NOT NULL,
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "lease_until" TIMESTAMPTZ(3),
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,
    CONSTRAINT "webhook_subscription_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_subscription_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "webhook_subscription_environment_id_idx" ON "webhook_subscription"("environment_id");

CREATE TABLE IF NOT EXISTS "webhook_message" (
    "id" TEXT NOT NULL,
    "sequence" SERIAL NOT NULL,
    "subscription_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "event" JSONB,
    "environment_id" TEXT,
    "revision" INTEGER,
    "state" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "next_attempt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_message_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_message_subscription_id_fkey" FOREIGN KEY ("subscription_id")
        REFERENCES "webhook_subscription"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "webhook_message_subscription_id_sequence_idx" ON "webhook_message"("subscription_id", "sequence");

CREATE TABLE IF NOT EXISTS "webhook_attempt" (
    "id" SERIAL NOT NULL,
    "message_id" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "response" TEXT NOT NULL,
    "is_success" BOOLEAN NOT NULL,
    CONSTRAINT "webhook_attempt_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_attempt_message_id_fkey" FOREIGN KEY ("message_id")
        REFERENCES "webhook_message"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "webhook_attempt_message_id_idx" ON "webhook_attempt"("message_id");
