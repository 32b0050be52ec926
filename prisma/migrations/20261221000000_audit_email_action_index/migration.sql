-- migrate: outside a transaction
-- The audit search's "who did what" (one e-mail and one action, newest first): its page and its capped
-- count read this index alone, in id order, instead of reading every entry of that e-mail from the table
-- to test its action. Built CONCURRENTLY, so the log goes on being written while a large one is indexed:
-- which cannot run inside a transaction, so this file runs statement by statement (db/migrator.ts).
-- After a failure, drop the invalid index the failed statement leaves and mark the migration rolled back.

CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_entry_environment_id_email_action_id_idx"
    ON "audit_entry"("environment_id", "email", "action", "id" DESC);
