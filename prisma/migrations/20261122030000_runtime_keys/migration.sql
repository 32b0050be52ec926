-- Runtime keys: game clients of an environment authenticate their WebSocket with one. Only the hash is stored.
CREATE TABLE IF NOT EXISTS "runtime_key" (
    "id" TEXT NOT NULL,
    "environment_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT NOT NULL,
    "revoked" TIMESTAMPTZ(3),
    CONSTRAINT "runtime_key_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "runtime_key_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE UNIQUE INDEX IF NOT EXISTS "runtime_key_hash_key" ON "runtime_key"("hash");
CREATE INDEX IF NOT EXISTS "runtime_key_environment_id_idx" ON "runtime_key"("environment_id");
