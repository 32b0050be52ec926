-- Webhook delivery in batches.
-- A subscription's pending messages in order, without reading past the delivered ones: the delivery's
-- batch and the sweep ask for the first pending messages of a subscription.
CREATE INDEX IF NOT EXISTS "webhook_message_pending_idx" ON "webhook_message"("subscription_id", "sequence")
    WHERE "state" = 'pending';

-- The subscription's latest attempt (time, status, whether it went through), written by the statement
-- that records the attempts, so the list answers it with the subscriptions in one query.
ALTER TABLE "webhook_subscription"
    ADD COLUMN IF NOT EXISTS "last_delivery_at" TIMESTAMPTZ(3),
    ADD COLUMN IF NOT EXISTS "last_delivery_status" INTEGER,
    ADD COLUMN IF NOT EXISTS "last_delivery_ok" BOOLEAN;
