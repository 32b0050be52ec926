-- Plugins per environment, and the A/B-test entries of their active set and draft.
CREATE TABLE IF NOT EXISTS "plugin" (
    "environment_id" TEXT NOT NULL,
    "id" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "description" TEXT NOT NULL DEFAULT '',
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "plugin_pkey" PRIMARY KEY ("environment_id", "id"),
    CONSTRAINT "plugin_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE IF NOT EXISTS "plugin_ab_test_entry" (
    "environment_id" TEXT NOT NULL,
    "plugin_id" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "ab_test_id" TEXT NOT NULL,
    "ab_test_version" INTEGER NOT NULL,
    "configurations" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    CONSTRAINT "plugin_ab_test_entry_pkey" PRIMARY KEY ("environment_id", "plugin_id", "state", "position"),
    CONSTRAINT "plugin_ab_test_entry_state_check" CHECK ("state" IN ('active', 'draft')),
    CONSTRAINT "plugin_ab_test_entry_plugin_fkey" FOREIGN KEY ("environment_id", "plugin_id")
        REFERENCES "plugin"("environment_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX IF NOT EXISTS "plugin_ab_test_entry_environment_id_ab_test_id_idx"
    ON "plugin_ab_test_entry"("environment_id", "ab_test_id");
