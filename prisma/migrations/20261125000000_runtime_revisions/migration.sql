-- Game-server runtime (issue 13). Every change that alters what players receive publishes, in the same
-- transaction, an immutable revision of the environment's runtime snapshot: a per-environment number
-- that only increases, the content document, its hash, who published it and the audit entries it
-- publishes. A rollback republishes an old revision's content as a new revision (restored_from).
CREATE TABLE IF NOT EXISTS "runtime_revision" (
    "environment_id" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "hash" TEXT NOT NULL,
    "content" JSONB NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,
    "audit_entry_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "restored_from" INTEGER,
    CONSTRAINT "runtime_revision_pkey" PRIMARY KEY ("environment_id", "revision"),
    CONSTRAINT "runtime_revision_revision_check" CHECK ("revision" >= 1),
    CONSTRAINT "runtime_revision_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Bucketing (issue 13): a player's bucket is a hash of (salt, player id); each case of an active
-- version owns explicit bucket ranges, fixed when the version is activated and derived from the
-- previous current version's ranges so that the fewest players move. Re-randomising sets a new salt.
ALTER TABLE "ab_test" ADD COLUMN IF NOT EXISTS "salt" TEXT;
UPDATE "ab_test" SET "salt" = "id" WHERE "salt" IS NULL;
ALTER TABLE "ab_test" ALTER COLUMN "salt" SET NOT NULL;
ALTER TABLE "ab_test_version" ADD COLUMN IF NOT EXISTS "ranges" JSONB;
