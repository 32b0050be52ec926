-- migrate: outside a transaction
-- Free text by environment (docs/decisions/0445, 0446): the trigram indexes of A/B-tests and configurations
-- hold the environment (and a configuration's kind) beside id and description, so a text search reads its
-- own environment's candidates only, whatever the other environments hold. A search matches lower-case
-- copies of id and description that the database keeps (generated columns): LIKE on them finds what ILIKE
-- on the originals finds, without folding every row's case at every search. btree_gin gives GIN its
-- operators for the plain columns; like pg_trgm it is a trusted extension, which a database owner that is
-- not a superuser may create. Adding a stored generated column rewrites its table under a lock (seconds
-- for a game's tables); the indexes are built CONCURRENTLY, as the search indexes before them
-- (20261204400000_search_indexes): after a failure, drop the invalid index the failed statement leaves
-- and mark the migration rolled back.

CREATE EXTENSION IF NOT EXISTS btree_gin;

ALTER TABLE "ab_test"
    ADD COLUMN IF NOT EXISTS "search_id" TEXT GENERATED ALWAYS AS (lower("id")) STORED,
    ADD COLUMN IF NOT EXISTS "search_description" TEXT GENERATED ALWAYS AS (lower("description")) STORED;
ALTER TABLE "configuration"
    ADD COLUMN IF NOT EXISTS "search_id" TEXT GENERATED ALWAYS AS (lower("id")) STORED,
    ADD COLUMN IF NOT EXISTS "search_description" TEXT GENERATED ALWAYS AS (lower("description")) STORED;

CREATE INDEX CONCURRENTLY IF NOT EXISTS "ab_test_environment_id_search_id_search_description_idx"
    ON "ab_test" USING GIN ("environment_id", "search_id" gin_trgm_ops, "search_description" gin_trgm_ops);
CREATE INDEX CONCURRENTLY IF NOT EXISTS "configuration_environment_id_kind_search_id_search_description_idx"
    ON "configuration" USING GIN ("environment_id", "kind", "search_id" gin_trgm_ops, "search_description" gin_trgm_ops);

-- The environment-wide trigram indexes they replace.
DROP INDEX CONCURRENTLY IF EXISTS "ab_test_id_description_idx";
DROP INDEX CONCURRENTLY IF EXISTS "configuration_id_description_idx";
