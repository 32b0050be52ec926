-- migrate: outside a transaction
-- The search calls' indexes (docs/decisions.md, API contract and errors, "Search calls"): each page is
-- read in its sort's order from an index of (environment, sort column, id), so it costs the same on the
-- first page as deep in a large environment, and free text over id and description uses trigrams.
-- Built CONCURRENTLY, so writes to these tables go on while a large environment's indexes are built:
-- which cannot run inside a transaction, so this file runs statement by statement (db/migrator.ts).
-- After a failure, drop the invalid index the failed statement leaves and mark the migration rolled back.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX CONCURRENTLY IF NOT EXISTS "ab_test_environment_id_created_id_idx"
    ON "ab_test"("environment_id", "created", "id");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ab_test_environment_id_modified_id_idx"
    ON "ab_test"("environment_id", "modified", "id");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ab_test_environment_id_type_id_idx"
    ON "ab_test"("environment_id", "type", "id");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ab_test_environment_id_active_id_idx"
    ON "ab_test"("environment_id", "active", "id");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "ab_test_id_description_idx"
    ON "ab_test" USING GIN ("id" gin_trgm_ops, "description" gin_trgm_ops);

CREATE INDEX CONCURRENTLY IF NOT EXISTS "configuration_environment_id_created_id_idx"
    ON "configuration"("environment_id", "created", "id");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "configuration_environment_id_modified_id_idx"
    ON "configuration"("environment_id", "modified", "id");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "configuration_id_description_idx"
    ON "configuration" USING GIN ("id" gin_trgm_ops, "description" gin_trgm_ops);

-- The audit search's exact filters, newest first within one target or one e-mail, and its date range.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_entry_environment_id_target_id_idx"
    ON "audit_entry"("environment_id", "target", "id" DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_entry_environment_id_email_id_idx"
    ON "audit_entry"("environment_id", "email", "id" DESC);
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_entry_environment_id_created_id_idx"
    ON "audit_entry"("environment_id", "created", "id");
