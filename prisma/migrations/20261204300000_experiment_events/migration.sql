-- A/B-test results (docs/decisions.md, A/B-test results): metrics, the events game servers send, and the
-- sufficient statistics the results are computed from. The ids the ingestion sorts, groups and looks up
-- by the thousand per batch compare bytewise (COLLATE "C"): a locale's comparison costs several times as
-- much and orders nothing anyone reads. The per-player tables (a row per player, or per player and metric,
-- written by every batch) have no foreign key to environment: its check per row was a sixth of a batch's
-- time, and environments are never deleted.

-- A metric an environment measures. What it measures (kind, events, window) never changes once created.
CREATE TABLE IF NOT EXISTS "experiment_metric" (
    "environment_id" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "denominator_event" TEXT,
    "conversion_window_days" INTEGER,
    "higher_is_better" BOOLEAN NOT NULL,
    "guardrail" BOOLEAN NOT NULL,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "created" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL,
    CONSTRAINT "experiment_metric_pkey" PRIMARY KEY ("environment_id", "id"),
    CONSTRAINT "experiment_metric_kind_check" CHECK ("kind" IN ('conversion', 'mean', 'ratio', 'revenue')),
    CONSTRAINT "experiment_metric_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Ingestion finds the metrics an event feeds by its name.
CREATE INDEX IF NOT EXISTS "experiment_metric_environment_id_event_idx" ON "experiment_metric"("environment_id", "event");

-- Raw events as received, one partition per UTC day ("day": days since 1970-01-01), created on demand
-- (and a day ahead) by the server and dropped after the retention (EVENT_RETENTION_DAYS). The key makes a
-- resent event id a no-op; it holds the day because a partitioned table's keys must.
CREATE TABLE IF NOT EXISTS "experiment_event" (
    "day" INTEGER NOT NULL,
    "environment_id" TEXT NOT NULL,
    "event_id" TEXT COLLATE "C" NOT NULL,
    "type" TEXT NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "ab_test_id" TEXT COLLATE "C",
    "version" INTEGER,
    "case_index" INTEGER,
    "event" TEXT,
    "value" DOUBLE PRECISION,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "received" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "experiment_event_pkey" PRIMARY KEY ("day", "environment_id", "event_id")
) PARTITION BY RANGE ("day");

-- A player's first exposure to an A/B-test version: their case, and the cohort day their metric values
-- are counted in. The conversion window runs from "exposed".
CREATE TABLE IF NOT EXISTS "experiment_player" (
    "environment_id" TEXT NOT NULL,
    "ab_test_id" TEXT COLLATE "C" NOT NULL,
    "version" INTEGER NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "case_index" INTEGER NOT NULL,
    "exposed" TIMESTAMPTZ(3) NOT NULL,
    "day" INTEGER NOT NULL,
    CONSTRAINT "experiment_player_pkey" PRIMARY KEY ("environment_id", "ab_test_id", "version", "user_id")
);
-- A metric event finds the player's exposures by player.
CREATE INDEX IF NOT EXISTS "experiment_player_environment_id_user_id_idx" ON "experiment_player"("environment_id", "user_id");

-- A player's value of a metric in an A/B-test version (and a ratio's denominator), so a new event changes
-- the sums of squares by the difference of squares.
CREATE TABLE IF NOT EXISTS "experiment_player_metric" (
    "environment_id" TEXT NOT NULL,
    "ab_test_id" TEXT COLLATE "C" NOT NULL,
    "version" INTEGER NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "metric_id" TEXT COLLATE "C" NOT NULL,
    "case_index" INTEGER NOT NULL,
    "day" INTEGER NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "denominator" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "experiment_player_metric_pkey" PRIMARY KEY ("environment_id", "ab_test_id", "version", "user_id", "metric_id")
);

-- Exposed players per case and cohort day.
CREATE TABLE IF NOT EXISTS "experiment_case_day" (
    "environment_id" TEXT NOT NULL,
    "ab_test_id" TEXT COLLATE "C" NOT NULL,
    "version" INTEGER NOT NULL,
    "case_index" INTEGER NOT NULL,
    "day" INTEGER NOT NULL,
    "players" BIGINT NOT NULL,
    CONSTRAINT "experiment_case_day_pkey" PRIMARY KEY ("environment_id", "ab_test_id", "version", "case_index", "day"),
    CONSTRAINT "experiment_case_day_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The sufficient statistics of a metric per case and cohort day, over the players exposed that day: the
-- sum of their values and of its squares and, for a ratio, of the denominators, their squares and the
-- products of value and denominator. Players without an event count as 0 (their number is in
-- experiment_case_day).
CREATE TABLE IF NOT EXISTS "experiment_metric_day" (
    "environment_id" TEXT NOT NULL,
    "ab_test_id" TEXT COLLATE "C" NOT NULL,
    "version" INTEGER NOT NULL,
    "case_index" INTEGER NOT NULL,
    "metric_id" TEXT COLLATE "C" NOT NULL,
    "day" INTEGER NOT NULL,
    "sum" DOUBLE PRECISION NOT NULL,
    "sum_squares" DOUBLE PRECISION NOT NULL,
    "denominator_sum" DOUBLE PRECISION NOT NULL,
    "denominator_sum_squares" DOUBLE PRECISION NOT NULL,
    "product_sum" DOUBLE PRECISION NOT NULL,
    CONSTRAINT "experiment_metric_day_pkey" PRIMARY KEY ("environment_id", "ab_test_id", "version", "metric_id", "case_index", "day"),
    CONSTRAINT "experiment_metric_day_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- "Ship case N": the decision, who took it, and the results it rested on.
CREATE TABLE IF NOT EXISTS "experiment_decision" (
    "id" SERIAL NOT NULL,
    "environment_id" TEXT NOT NULL,
    "ab_test_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "case_index" INTEGER NOT NULL,
    "note" TEXT NOT NULL,
    "result" JSONB NOT NULL,
    "decided_by" TEXT NOT NULL,
    "decided" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "experiment_decision_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "experiment_decision_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX IF NOT EXISTS "experiment_decision_environment_id_ab_test_id_idx" ON "experiment_decision"("environment_id", "ab_test_id");

-- The SQL data source of an environment: a PostgreSQL-compatible warehouse or replica, queried read-only.
CREATE TABLE IF NOT EXISTS "experiment_data_source" (
    "environment_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "exposures_query" TEXT NOT NULL,
    "metric_queries" JSONB NOT NULL,
    "statement_timeout_ms" INTEGER NOT NULL,
    "modified" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_modifier" TEXT NOT NULL,
    CONSTRAINT "experiment_data_source_pkey" PRIMARY KEY ("environment_id"),
    CONSTRAINT "experiment_data_source_environment_id_fkey" FOREIGN KEY ("environment_id")
        REFERENCES "environment"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The raw events' day partitions are made and dropped by these owner's functions: the serving role owns
-- nothing (db/database-roles.ts), so it cannot create or drop a partition itself, only ask for the days.
-- A transaction-level advisory lock keeps two processes from creating the same partition at once.
CREATE OR REPLACE FUNCTION public.experiment_event_partitions_ensure(first_day integer, last_day integer)
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    created integer := 0;
    partition_day integer;
BEGIN
    IF last_day - first_day > 400 THEN
        RAISE EXCEPTION 'at most 400 day partitions at once';
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('experiment_event_partitions'));
    FOR partition_day IN first_day..last_day LOOP
        IF to_regclass(format('public.experiment_event_d%s', partition_day)) IS NULL THEN
            EXECUTE format(
                'CREATE TABLE public.%I PARTITION OF public.experiment_event FOR VALUES FROM (%s) TO (%s)',
                'experiment_event_d' || partition_day, partition_day, partition_day + 1);
            created := created + 1;
        END IF;
    END LOOP;
    RETURN created;
END;
$$;

-- Retention: drops every day partition before `before_day`; answers how many were dropped.
CREATE OR REPLACE FUNCTION public.experiment_event_partitions_drop(before_day integer)
RETURNS integer
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
DECLARE
    dropped integer := 0;
    partition_name text;
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('experiment_event_partitions'));
    FOR partition_name IN
        SELECT c.relname FROM pg_inherits i
          JOIN pg_class c ON c.oid = i.inhrelid
          JOIN pg_class p ON p.oid = i.inhparent
         WHERE p.relname = 'experiment_event' AND c.relname ~ '^experiment_event_d[0-9]+$'
           AND substring(c.relname FROM 19)::integer < before_day
    LOOP
        EXECUTE format('DROP TABLE public.%I', partition_name);
        dropped := dropped + 1;
    END LOOP;
    RETURN dropped;
END;
$$;
REVOKE ALL ON FUNCTION public.experiment_event_partitions_ensure(integer, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION public.experiment_event_partitions_drop(integer) FROM PUBLIC;
