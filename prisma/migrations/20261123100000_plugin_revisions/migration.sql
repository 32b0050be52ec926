-- Plugin details (issue 11): each plugin records the revision of its active set (increased on every
-- activation or reassignment of active entries) and of its draft (increased on every change of the
-- draft), and the active set revision the draft was based on. A draft whose base is below the active
-- revision is stale: activating it would revert a live change, so it is refused.
ALTER TABLE "plugin" ADD COLUMN IF NOT EXISTS "active_revision" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "plugin" ADD COLUMN IF NOT EXISTS "draft_revision" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "plugin" ADD COLUMN IF NOT EXISTS "draft_base_revision" INTEGER NOT NULL DEFAULT 0;

ALTER TABLE "plugin" DROP CONSTRAINT IF EXISTS "plugin_revisions_check";
ALTER TABLE "plugin" ADD CONSTRAINT "plugin_revisions_check"
    CHECK ("active_revision" >= 0 AND "draft_revision" >= 0
           AND "draft_base_revision" >= 0 AND "draft_base_revision" <= "active_revision");
