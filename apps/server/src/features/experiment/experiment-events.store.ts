import type { Db, Tx } from '../../db/client.ts';

// The raw events and the sufficient statistics they feed, written in one transaction per batch: each
// statement is one multi-row INSERT over the batch's arrays (unnest), so a batch of 1,000 events is three
// statements whatever its size. docs/decisions/0156 (A/B-test results) states what is counted and when.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a time: days since 1970-01-01, the raw events' partition key. */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS);

export interface StoredExposure {
  id: string;
  userId: string;
  abTestId: string;
  version: number;
  caseIndex: number;
  at: number;
}

export interface StoredMetricEvent {
  id: string;
  userId: string;
  event: string;
  value: number;
  at: number;
}

/** Makes the day partitions firstDay..lastDay that do not exist yet (the owner's function); answers how many. */
export async function ensureEventPartitions(db: Db, firstDay: number, lastDay: number): Promise<number> {
  const rows = await db.$queryRaw<{ created: number }[]>`
    SELECT public.experiment_event_partitions_ensure(${firstDay}::integer, ${lastDay}::integer) AS "created"`;
  return rows[0]?.created ?? 0;
}

/** Retention: drops the day partitions before `day` (the owner's function); answers how many. */
export async function dropEventPartitionsBefore(db: Db, day: number): Promise<number> {
  const rows = await db.$queryRaw<{ dropped: number }[]>`
    SELECT public.experiment_event_partitions_drop(${day}::integer) AS "dropped"`;
  return rows[0]?.dropped ?? 0;
}

/** The day partitions that exist, oldest first. */
export async function listEventPartitionDays(db: Db): Promise<number[]> {
  const rows = await db.$queryRaw<{ day: number }[]>`
    SELECT substring(c.relname FROM 19)::integer AS "day"
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = 'experiment_event' AND c.relname ~ '^experiment_event_d[0-9]+$'
     ORDER BY 1`;
  return rows.map((row) => row.day);
}

/**
 * Inserts the batch's raw events (ON CONFLICT DO NOTHING: an id received before stores nothing) and
 * answers the ids that were new.
 */
export async function insertRawEvents(
  tx: Tx,
  environmentId: string,
  exposures: readonly StoredExposure[],
  metrics: readonly StoredMetricEvent[],
): Promise<Set<string>> {
  const ids: string[] = [];
  const types: string[] = [];
  const userIds: string[] = [];
  const abTestIds: (string | null)[] = [];
  const versions: (number | null)[] = [];
  const caseIndexes: (number | null)[] = [];
  const names: (string | null)[] = [];
  const values: (number | null)[] = [];
  const ats: number[] = [];
  for (const exposure of exposures) {
    ids.push(exposure.id);
    types.push('exposure');
    userIds.push(exposure.userId);
    abTestIds.push(exposure.abTestId);
    versions.push(exposure.version);
    caseIndexes.push(exposure.caseIndex);
    names.push(null);
    values.push(null);
    ats.push(exposure.at);
  }
  for (const metric of metrics) {
    ids.push(metric.id);
    types.push('metric');
    userIds.push(metric.userId);
    abTestIds.push(null);
    versions.push(null);
    caseIndexes.push(null);
    names.push(metric.event);
    values.push(metric.value);
    ats.push(metric.at);
  }
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `INSERT INTO "experiment_event"
       ("day", "environment_id", "event_id", "type", "user_id", "ab_test_id", "version", "case_index", "event", "value", "at")
     SELECT floor(e.at / ${DAY_MS})::integer, $1, e.id, e.type, e.user_id, e.ab_test_id, e.version, e.case_index,
            e.event, e.value, to_timestamp(e.at / 1000.0)
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::integer[], $8::text[],
                   $9::double precision[], $10::double precision[])
            AS e(id, type, user_id, ab_test_id, version, case_index, event, value, at)
     ON CONFLICT DO NOTHING
     RETURNING "event_id" AS "id"`,
    environmentId,
    ids,
    types,
    userIds,
    abTestIds,
    versions,
    caseIndexes,
    names,
    values,
    ats,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * A player's first exposure to a version is kept (a later one, another case included, changes nothing)
 * and counted once in its case and day.
 */
export async function recordExposures(
  tx: Tx,
  environmentId: string,
  exposures: readonly StoredExposure[],
): Promise<void> {
  if (exposures.length === 0) return;
  await tx.$executeRawUnsafe(
    `WITH e AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::integer[], $5::integer[], $6::double precision[])
         AS e(user_id, ab_test_id, version, case_index, at)
     ), earliest AS (
       SELECT DISTINCT ON (ab_test_id, version, user_id) * FROM e ORDER BY ab_test_id, version, user_id, at
     ), players AS (
       INSERT INTO "experiment_player" ("environment_id", "ab_test_id", "version", "user_id", "case_index", "exposed", "day")
       SELECT $1, ab_test_id, version, user_id, case_index, to_timestamp(at / 1000.0), floor(at / ${DAY_MS})::integer
         FROM earliest ORDER BY ab_test_id, version, user_id
       ON CONFLICT DO NOTHING
       RETURNING "ab_test_id", "version", "case_index", "day"
     )
     INSERT INTO "experiment_case_day" AS d ("environment_id", "ab_test_id", "version", "case_index", "day", "players")
     SELECT $1, "ab_test_id", "version", "case_index", "day", count(*) FROM players
      GROUP BY "ab_test_id", "version", "case_index", "day" ORDER BY "ab_test_id", "version", "case_index", "day"
     ON CONFLICT ("environment_id", "ab_test_id", "version", "case_index", "day")
       DO UPDATE SET "players" = d."players" + excluded."players"`,
    environmentId,
    exposures.map((exposure) => exposure.userId),
    exposures.map((exposure) => exposure.abTestId),
    exposures.map((exposure) => exposure.version),
    exposures.map((exposure) => exposure.caseIndex),
    exposures.map((exposure) => exposure.at),
  );
}

/**
 * The metric events' contributions: for each exposure of the player to a version that came at or before
 * the event, and each unarchived metric reading the event (a conversion only within its window from the
 * first exposure), the player's value changes (a conversion once, to 1; a sum by the values) and the day's
 * sums by the difference: sum by new − old, sum of squares by new² − old², and a ratio's products by
 * new·newDenominator − old·oldDenominator (RETURNING old and new values in the same statement).
 */
export async function recordMetricEvents(
  tx: Tx,
  environmentId: string,
  metrics: readonly StoredMetricEvent[],
): Promise<void> {
  if (metrics.length === 0) return;
  await tx.$executeRawUnsafe(
    `WITH e AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::double precision[], $5::double precision[])
         AS e(user_id, event, value, at)
     ), contrib AS (
       SELECT p."ab_test_id", p."version", p."user_id", m."id" AS metric_id, m."kind", p."case_index", p."day",
              bool_or(e.event = m."event") AS has_numerator,
              coalesce(sum(e.value) FILTER (WHERE e.event = m."event"), 0) AS num,
              coalesce(sum(e.value) FILTER (WHERE m."kind" = 'ratio' AND e.event = m."denominator_event"), 0) AS den
         FROM e
         JOIN "experiment_metric" m
           ON m."environment_id" = $1 AND NOT m."archived" AND (m."event" = e.event OR m."denominator_event" = e.event)
         JOIN "experiment_player" p
           ON p."environment_id" = $1 AND p."user_id" = e.user_id AND p."exposed" <= to_timestamp(e.at / 1000.0)
        WHERE m."kind" <> 'conversion'
           OR to_timestamp(e.at / 1000.0) < p."exposed" + make_interval(days => m."conversion_window_days")
        GROUP BY p."ab_test_id", p."version", p."user_id", m."id", m."kind", p."case_index", p."day"
     ), converted AS (
       INSERT INTO "experiment_player_metric" AS pm
         ("environment_id", "ab_test_id", "version", "user_id", "metric_id", "case_index", "day", "value", "denominator")
       SELECT $1, "ab_test_id", "version", "user_id", metric_id, "case_index", "day", 1, 0
         FROM contrib WHERE "kind" = 'conversion' AND has_numerator
        ORDER BY "ab_test_id", "version", "user_id", metric_id
       ON CONFLICT ("environment_id", "ab_test_id", "version", "user_id", "metric_id") DO NOTHING
       RETURNING pm."ab_test_id", pm."version", pm."case_index", pm."metric_id", pm."day",
                 0::double precision AS old_value, 0::double precision AS old_den,
                 pm."value" AS new_value, pm."denominator" AS new_den
     ), summed AS (
       INSERT INTO "experiment_player_metric" AS pm
         ("environment_id", "ab_test_id", "version", "user_id", "metric_id", "case_index", "day", "value", "denominator")
       SELECT $1, "ab_test_id", "version", "user_id", metric_id, "case_index", "day", num, den
         FROM contrib WHERE "kind" <> 'conversion'
        ORDER BY "ab_test_id", "version", "user_id", metric_id
       ON CONFLICT ("environment_id", "ab_test_id", "version", "user_id", "metric_id")
         DO UPDATE SET "value" = pm."value" + excluded."value", "denominator" = pm."denominator" + excluded."denominator"
       RETURNING new."ab_test_id", new."version", new."case_index", new."metric_id", new."day",
                 coalesce(old."value", 0) AS old_value, coalesce(old."denominator", 0) AS old_den,
                 new."value" AS new_value, new."denominator" AS new_den
     ), changed AS (
       SELECT * FROM converted UNION ALL SELECT * FROM summed
     )
     INSERT INTO "experiment_metric_day" AS d
       ("environment_id", "ab_test_id", "version", "case_index", "metric_id", "day",
        "sum", "sum_squares", "denominator_sum", "denominator_sum_squares", "product_sum")
     SELECT $1, "ab_test_id", "version", "case_index", "metric_id", "day",
            sum(new_value - old_value), sum(new_value * new_value - old_value * old_value),
            sum(new_den - old_den), sum(new_den * new_den - old_den * old_den),
            sum(new_value * new_den - old_value * old_den)
       FROM changed
      GROUP BY "ab_test_id", "version", "case_index", "metric_id", "day"
      ORDER BY "ab_test_id", "version", "metric_id", "case_index", "day"
     ON CONFLICT ("environment_id", "ab_test_id", "version", "metric_id", "case_index", "day") DO UPDATE SET
       "sum" = d."sum" + excluded."sum",
       "sum_squares" = d."sum_squares" + excluded."sum_squares",
       "denominator_sum" = d."denominator_sum" + excluded."denominator_sum",
       "denominator_sum_squares" = d."denominator_sum_squares" + excluded."denominator_sum_squares",
       "product_sum" = d."product_sum" + excluded."product_sum"`,
    environmentId,
    metrics.map((metric) => metric.userId),
    metrics.map((metric) => metric.event),
    metrics.map((metric) => metric.value),
    metrics.map((metric) => metric.at),
  );
}
