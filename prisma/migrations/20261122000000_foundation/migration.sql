-- Foundation: environments and the audit log.
CREATE TABLE IF NOT EXISTS "environment" (
    "id" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT 'no description',
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "environment_pkey" PRIMARY KEY ("id")
);

CREATE TABLE IF NOT EXISTS "audit_entry" (
    "id" SERIAL NOT NULL,
    "environment_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    CONSTRAINT "audit_entry_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "audit_entry_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX IF NOT EXISTS "audit_entry_environment_id_id_idx" ON "audit_entry"("environment_id", "id" DESC);
