-- Change requests (docs/product.md, Change requests; docs/decisions.md, "Change requests").

-- A change request's branch is an environment row of its own, hidden from lists and menus, named
-- '<parent>~cr-<number>'; branch_of names the environment it branches.
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "branch_of" TEXT;
DO $$ BEGIN
  ALTER TABLE "environment" ADD CONSTRAINT "environment_branch_of_fkey" FOREIGN KEY ("branch_of")
    REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;
CREATE INDEX IF NOT EXISTS "environment_branch_of_idx" ON "environment"("branch_of");

-- The review policy: off by default everywhere, so every behaviour stays as it was until an admin turns it on.
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "review_required" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "review_approvals" INTEGER NOT NULL DEFAULT 1;
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "review_self_approval" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "environment" ADD COLUMN IF NOT EXISTS "review_reset_on_change" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE IF NOT EXISTS "change_request" (
    "id" SERIAL NOT NULL,
    "environment_id" TEXT NOT NULL,
    "branch_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "author" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "apply_on_approval" BOOLEAN NOT NULL DEFAULT false,
    "scheduled_at" TIMESTAMPTZ(3),
    "scheduled_by" TEXT,
    "failure" TEXT,
    -- The parent's content when the branch was made, per transfer group: the base of the three-way comparison
    "base" JSONB NOT NULL,
    CONSTRAINT "change_request_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "change_request_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "change_request_branch_id_fkey" FOREIGN KEY ("branch_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX IF NOT EXISTS "change_request_branch_id_key" ON "change_request"("branch_id");
CREATE INDEX IF NOT EXISTS "change_request_environment_id_id_idx" ON "change_request"("environment_id", "id" DESC);
CREATE INDEX IF NOT EXISTS "change_request_author_id_idx" ON "change_request"("author", "id" DESC);
CREATE INDEX IF NOT EXISTS "change_request_status_idx" ON "change_request"("status");

CREATE TABLE IF NOT EXISTS "change_request_approval" (
    "change_request_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "change_request_approval_pkey" PRIMARY KEY ("change_request_id", "email"),
    CONSTRAINT "change_request_approval_change_request_id_fkey" FOREIGN KEY ("change_request_id")
        REFERENCES "change_request"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A request's history and comment thread, in order.
CREATE TABLE IF NOT EXISTS "change_request_event" (
    "id" SERIAL NOT NULL,
    "change_request_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" TEXT,
    "text" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "change_request_event_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "change_request_event_change_request_id_fkey" FOREIGN KEY ("change_request_id")
        REFERENCES "change_request"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "change_request_event_change_request_id_id_idx" ON "change_request_event"("change_request_id", "id");
