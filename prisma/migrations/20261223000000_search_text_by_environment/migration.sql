-- migrate: outside a transaction
-- Free text by environment (docs/decisions/0445): the trigram indexes of A/B-tests and
-- configurations hold the environment (and a configuration's kind) beside id and description, so a text
-- search reads its own environment's candidates only, whatever the other environments hold. btree_gin
-- gives GIN its operators for these plain columns; like pg_trgm it is a trusted extension, which a database
-- owner that is not a superuser may create. Built CONCURRENTLY, as the search indexes before them
-- (20261204400000_search_indexes): after a failure, drop the invalid index the failed statement leaves
-- and mark the migration rolled back.

CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX CONCURRENTLY IF NOT EXISTS "ab_test_environment_id_id_description_idx"
    ON "ab_test" USING GIN ("environment_id", "id" gin_trgm_ops, "description" gin_trgm_ops);
CREATE INDEX CONCURRENTLY IF NOT EXISTS "configuration_environment_id_kind_id_description_idx"
    ON "configuration" USING GIN ("environment_id", "kind", "id" gin_trgm_ops, "description" gin_trgm_ops);

-- The environment-wide trigram indexes they replace.
DROP INDEX CONCURRENTLY IF EXISTS "ab_test_id_description_idx";
DROP INDEX CONCURRENTLY IF EXISTS "configuration_id_description_idx";
