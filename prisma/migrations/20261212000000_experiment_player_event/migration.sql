-- Per-player sums per event name instead of per metric (docs/decisions/, "per-player sums per event"):
-- a batch upserts one row per player, version and event name it mentions, whatever the number of metrics
-- reading that event, and each metric's sufficient statistics follow from these rows' old and new values
-- in the same statement. "first_at" is the player's earliest event of that name at or after the exposure
-- (a conversion is that time within the window); "exposed", "case_index" and "day" repeat the player's
-- exposure so no statement joins back to experiment_player for them.
CREATE TABLE IF NOT EXISTS "experiment_player_event" (
    "environment_id" TEXT NOT NULL,
    "ab_test_id" TEXT COLLATE "C" NOT NULL,
    "version" INTEGER NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    "event" TEXT COLLATE "C" NOT NULL,
    "case_index" INTEGER NOT NULL,
    "day" INTEGER NOT NULL,
    "exposed" TIMESTAMPTZ(3) NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "first_at" TIMESTAMPTZ(3),
    CONSTRAINT "experiment_player_event_pkey" PRIMARY KEY ("environment_id", "ab_test_id", "version", "user_id", "event")
);

-- The player totals the raw events still hold (those within the retention), from the same rule: a metric
-- event counts in each version the player was exposed to at or before it.
INSERT INTO "experiment_player_event"
    ("environment_id", "ab_test_id", "version", "user_id", "event", "case_index", "day", "exposed", "value", "first_at")
SELECT p."environment_id", p."ab_test_id", p."version", p."user_id", e."event", p."case_index", p."day", p."exposed",
       sum(e."value"), min(e."at")
  FROM "experiment_event" e
  JOIN "experiment_player" p
    ON p."environment_id" = e."environment_id" AND p."user_id" = e."user_id" AND p."exposed" <= e."at"
 WHERE e."type" = 'metric'
 GROUP BY p."environment_id", p."ab_test_id", p."version", p."user_id", e."event", p."case_index", p."day", p."exposed"
ON CONFLICT DO NOTHING;

DROP TABLE IF EXISTS "experiment_player_metric";

-- A metric event finds its player's exposures by (environment, player): with the player first in the key,
-- the key serves that lookup and each exposure writes one index entry instead of two.
ALTER TABLE "experiment_player" DROP CONSTRAINT IF EXISTS "experiment_player_pkey";
ALTER TABLE "experiment_player" ADD CONSTRAINT "experiment_player_pkey" PRIMARY KEY ("environment_id", "user_id", "ab_test_id", "version");
DROP INDEX IF EXISTS "experiment_player_environment_id_user_id_idx";
