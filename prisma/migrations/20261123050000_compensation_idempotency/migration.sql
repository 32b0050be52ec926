-- Compensation sends carry an idempotency key from the form: a retried send (a double click, an answer
-- lost on the way) finds the first grant by its key instead of creating a second one. NULL for sends
-- without a key (programs); NULLs never collide in a unique index.
ALTER TABLE "compensation_grant" ADD COLUMN IF NOT EXISTS "idempotency_key" TEXT;

CREATE UNIQUE INDEX IF NOT EXISTS "compensation_grant_environment_id_idempotency_key_key"
    ON "compensation_grant"("environment_id", "idempotency_key");
