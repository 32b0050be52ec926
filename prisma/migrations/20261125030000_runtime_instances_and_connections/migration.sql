-- Pickup confirmation (issue 13): the revision each game server instance reported applying, one row per
-- (environment, instance). Bounded by the server: rows a day old are forgotten, at most 1000 per environment.
CREATE TABLE IF NOT EXISTS "runtime_instance" (
    "environment_id" TEXT NOT NULL,
    "instance" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "applied" TIMESTAMPTZ(3) NOT NULL,
    "reported" TIMESTAMPTZ(3) NOT NULL,
    "address" TEXT NOT NULL,
    CONSTRAINT "runtime_instance_pkey" PRIMARY KEY ("environment_id", "instance"),
    CONSTRAINT "runtime_instance_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "runtime_instance_environment_id_reported_idx"
    ON "runtime_instance" ("environment_id", "reported" DESC);

-- Scale out (issue 13): the live game-client connections of every console process on this database, so
-- any process lists and closes them. A process refreshes its heartbeat; rows of a process silent for
-- 30 s are ignored, and removed (with their connections) after 5 minutes.
CREATE TABLE IF NOT EXISTS "runtime_process" (
    "id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "started" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "runtime_process_pkey" PRIMARY KEY ("id")
);
CREATE INDEX IF NOT EXISTS "runtime_process_heartbeat_idx" ON "runtime_process" ("heartbeat");

CREATE TABLE IF NOT EXISTS "runtime_connection" (
    "id" TEXT NOT NULL,
    "process_id" TEXT NOT NULL,
    "environment_id" TEXT NOT NULL,
    "key_id" TEXT NOT NULL,
    "principal" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "connected" TIMESTAMPTZ(6) NOT NULL,
    CONSTRAINT "runtime_connection_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "runtime_connection_process_id_fkey" FOREIGN KEY ("process_id")
        REFERENCES "runtime_process"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "runtime_connection_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "runtime_connection_key_id_fkey" FOREIGN KEY ("key_id")
        REFERENCES "runtime_key"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "runtime_connection_process_id_idx" ON "runtime_connection" ("process_id");
CREATE INDEX IF NOT EXISTS "runtime_connection_environment_id_connected_idx"
    ON "runtime_connection" ("environment_id", "connected");
CREATE INDEX IF NOT EXISTS "runtime_connection_key_id_idx" ON "runtime_connection" ("key_id");
