-- Game-server runtime (issue 13): one row per environment that publishes revisions. Publishers of one
-- environment write this row first (INSERT ... ON CONFLICT DO UPDATE), so they run one after another:
-- under READ COMMITTED the next one builds on everything committed before, and a SERIALIZABLE
-- transaction (the transfer) that started before another publisher committed fails to serialise and
-- is retried instead of publishing a stale build. It also holds the rollback pin: while pinned_revision
-- is set, changes are saved and audited but not published (docs/decisions.md, "Runtime revisions").
CREATE TABLE IF NOT EXISTS "runtime_state" (
    "environment_id" TEXT NOT NULL,
    "pinned_revision" INTEGER,
    "pinned_at" TIMESTAMPTZ(3),
    "pinned_by" TEXT,
    -- The republish's audit entry: changes audited after it are the ones waiting for resume.
    "pinned_audit_entry_id" INTEGER,
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "runtime_state_pkey" PRIMARY KEY ("environment_id"),
    CONSTRAINT "runtime_state_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
