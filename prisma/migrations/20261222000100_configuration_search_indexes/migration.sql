-- migrate: outside a transaction
-- What a configuration page reads besides its rows, each from an index, so it costs what the page holds
-- rather than what the environment holds (docs/decisions, "Search calls"). Built CONCURRENTLY, as the
-- search indexes before them (20261204400000_search_indexes): after a failure, drop the invalid index
-- the failed statement leaves and mark the migration rolled back.

-- The configuration picker (the activated configurations of one kind, by id): its page and its count.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "configuration_environment_id_kind_active_id_idx"
    ON "configuration"("environment_id", "kind", "active", "id");

-- The entries holding a page's configurations (their In use and Used by), found by the ids they hold.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "plugin_ab_test_entry_configurations_idx"
    ON "plugin_ab_test_entry" USING GIN ("configurations");

-- The copies the "Update is not allowed" flow made of a page's configurations (their Replaced by):
-- only that action's entries, by the original they copied.
CREATE INDEX CONCURRENTLY IF NOT EXISTS "audit_entry_reassign_from_idx"
    ON "audit_entry"("environment_id", ("attributes" ->> 'from'))
    WHERE "action" = 'config.duplicate.reassign';
