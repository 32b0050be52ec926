-- The audit screen filters by action (an action of the typed union): newest first within one action of
-- one environment, served by this index instead of walking (environment_id, id DESC) past every other
-- action's entries until a page is filled.
CREATE INDEX IF NOT EXISTS "audit_entry_environment_id_action_id_idx"
    ON "audit_entry"("environment_id", "action", "id" DESC);
