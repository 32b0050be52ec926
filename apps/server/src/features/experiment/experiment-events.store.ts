import type { Metric } from '@console/domain/experiment';
import type { Db, Tx } from '../../db/client.ts';

// The raw events and the sufficient statistics they feed, written in one transaction per batch of two
// statements whatever its size (raw events and exposures, then metric events: the second must see the
// players the first exposed), each a chain of multi-row INSERTs over the batch's arrays (unnest).
// docs/decisions/0156 (A/B-test results) states what is counted and when.

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
 * Batches and metric changes of an environment take turns on this (transaction-level advisory) lock:
 * each batch holds it shared, from its first statement on; creating or restoring a metric holds it alone
 * while it computes the metric's sums from the players' totals, so no batch is counted twice or missed.
 */
const METRIC_STATISTICS_LOCK = 13_012;

/** Waits for the batches in flight, and holds back new ones, until the transaction ends. */
export async function lockMetricStatistics(tx: Tx, environmentId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${METRIC_STATISTICS_LOCK}::int, hashtext(${environmentId}))`;
}

/** What the batch's first statement stored. */
export interface StoredBatch {
  /** How many of the batch's events were new. */
  stored: number;
  /** The ids of its new metric events, or null when all of them were new (the usual case). */
  newMetricIds: Set<string> | null;
}

/**
 * The batch's first statement: inserts its raw events (ON CONFLICT DO NOTHING: an id received before
 * stores nothing) and, of the new exposures, keeps a player's first exposure to a version (a later one,
 * another case included, changes nothing) and counts it once in its case and day. Takes the metric
 * statistics' lock shared (lockMetricStatistics). Answers what was new without sending every id back.
 */
export async function insertRawEventsAndExposures(
  tx: Tx,
  environmentId: string,
  exposures: readonly StoredExposure[],
  metrics: readonly StoredMetricEvent[],
): Promise<StoredBatch> {
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
  const rows = await tx.$queryRawUnsafe<{ stored: number; newMetricIds: string[] | null }[]>(
    `WITH raw AS (
       INSERT INTO "experiment_event"
         ("day", "environment_id", "event_id", "type", "user_id", "ab_test_id", "version", "case_index", "event", "value", "at")
       SELECT floor(e.at / ${DAY_MS})::integer, $1, e.id, e.type, e.user_id, e.ab_test_id, e.version, e.case_index,
              e.event, e.value, to_timestamp(e.at / 1000.0)
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::integer[], $8::text[],
                     $9::double precision[], $10::double precision[])
              AS e(id, type, user_id, ab_test_id, version, case_index, event, value, at),
              (SELECT pg_advisory_xact_lock_shared(${METRIC_STATISTICS_LOCK}, hashtext($1))) AS batch_lock
       ON CONFLICT DO NOTHING
       RETURNING "event_id", "type", "user_id", "ab_test_id", "version", "case_index", "day", "at"
     ), earliest AS (
       SELECT DISTINCT ON ("ab_test_id", "version", "user_id") * FROM raw WHERE "type" = 'exposure'
        ORDER BY "ab_test_id", "version", "user_id", "at"
     ), players AS (
       INSERT INTO "experiment_player" ("environment_id", "ab_test_id", "version", "user_id", "case_index", "exposed", "day")
       SELECT $1, "ab_test_id", "version", "user_id", "case_index", "at", "day"
         FROM earliest ORDER BY "ab_test_id", "version", "user_id"
       ON CONFLICT DO NOTHING
       RETURNING "ab_test_id", "version", "case_index", "day"
     ), counted AS (
       INSERT INTO "experiment_case_day" AS d ("environment_id", "ab_test_id", "version", "case_index", "day", "players")
       SELECT $1, "ab_test_id", "version", "case_index", "day", count(*) FROM players
        GROUP BY "ab_test_id", "version", "case_index", "day" ORDER BY "ab_test_id", "version", "case_index", "day"
       ON CONFLICT ("environment_id", "ab_test_id", "version", "case_index", "day")
         DO UPDATE SET "players" = d."players" + excluded."players"
     )
     SELECT (SELECT count(*) FROM raw)::integer AS "stored",
            (SELECT coalesce(array_agg("event_id"), '{}') FROM raw WHERE "type" = 'metric' HAVING count(*) < $11) AS "newMetricIds"`,
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
    metrics.length,
  );
  const row = rows[0]!;
  return { stored: row.stored, newMetricIds: row.newMetricIds === null ? null : new Set(row.newMetricIds) };
}

/**
 * The metric events' contributions, in one statement. First the player's totals per event name: for each
 * exposure of the player to a version that came at or before the event, the version's row of that event
 * name adds the values and keeps the earliest time (a ratio's other event is touched with 0, so both of
 * its values come back locked, whichever of the two the batch holds). Then, from each row's old and new
 * values (RETURNING old and new), every unarchived metric reading that event changes its day's sums by
 * the difference of its player value: a conversion is 1 once the earliest time is within the window from
 * the exposure, a mean or revenue the total, a ratio the two totals; sum by new − old, sum of squares by
 * new² − old², and a ratio's products by new·newDenominator − old·oldDenominator.
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
     ), metric AS (
       SELECT "id", "kind", "event", "denominator_event", "conversion_window_days" FROM "experiment_metric"
        WHERE "environment_id" = $1 AND NOT "archived"
     ), exposed AS (
       -- one index probe per player of the batch, never a scan of every exposed player: the ids compare
       -- in the index's collation ("C", else the index cannot serve the comparison), and OFFSET 0 keeps
       -- the lookup per player whatever the planner's estimate of the table
       SELECT p.* FROM (SELECT DISTINCT user_id COLLATE "C" AS user_id FROM e) AS u
        CROSS JOIN LATERAL (
          SELECT "ab_test_id", "version", "user_id", "case_index", "day", "exposed" FROM "experiment_player"
           WHERE "environment_id" = $1 AND "user_id" = u.user_id OFFSET 0
        ) AS p
     ), own AS (
       SELECT p."ab_test_id", p."version", p."user_id", e.event, p."case_index", p."day", p."exposed",
              sum(e.value) AS value, min(to_timestamp(e.at / 1000.0)) AS first_at
         FROM e JOIN exposed p ON p."user_id" = e.user_id AND p."exposed" <= to_timestamp(e.at / 1000.0)
        GROUP BY p."ab_test_id", p."version", p."user_id", e.event, p."case_index", p."day", p."exposed"
     ), pair AS (
       SELECT "event", "denominator_event" AS other FROM metric WHERE "kind" = 'ratio'
        UNION SELECT "denominator_event", "event" FROM metric WHERE "kind" = 'ratio'
     ), partner AS (
       SELECT o."ab_test_id", o."version", o."user_id", pair.other AS event, o."case_index", o."day", o."exposed",
              0::double precision AS value, NULL::timestamptz AS first_at
         FROM own o JOIN pair ON pair."event" = o.event
     ), touched AS (
       SELECT "ab_test_id", "version", "user_id", event, "case_index", "day", "exposed",
              sum(value) AS value, min(first_at) AS first_at
         FROM (SELECT * FROM own UNION ALL SELECT * FROM partner) t
        GROUP BY "ab_test_id", "version", "user_id", event, "case_index", "day", "exposed"
     ), changed AS (
       INSERT INTO "experiment_player_event" AS pe
         ("environment_id", "ab_test_id", "version", "user_id", "event", "case_index", "day", "exposed", "value", "first_at")
       SELECT $1, "ab_test_id", "version", "user_id", event, "case_index", "day", "exposed", value, first_at
         FROM touched ORDER BY "ab_test_id", "version", "user_id", event
       ON CONFLICT ("environment_id", "ab_test_id", "version", "user_id", "event") DO UPDATE SET
         "value" = pe."value" + excluded."value", "first_at" = least(pe."first_at", excluded."first_at")
       RETURNING new."ab_test_id", new."version", new."user_id", new."event", new."case_index", new."day",
                 new."exposed", coalesce(old."value", 0) AS old_value, new."value" AS new_value,
                 old."first_at" AS old_first, new."first_at" AS new_first
     ), player_metric AS (
       SELECT n."ab_test_id", n."version", n."case_index", n."day", m."id" AS metric_id,
              CASE WHEN m."kind" <> 'conversion' THEN n.old_value
                   WHEN n.old_first < n."exposed" + make_interval(days => m."conversion_window_days") THEN 1
                   ELSE 0 END AS old_value,
              CASE WHEN m."kind" <> 'conversion' THEN n.new_value
                   WHEN n.new_first < n."exposed" + make_interval(days => m."conversion_window_days") THEN 1
                   ELSE 0 END AS new_value,
              coalesce(d.old_value, 0) AS old_den, coalesce(d.new_value, 0) AS new_den
         FROM changed n
         JOIN metric m ON m."event" = n."event"
         LEFT JOIN changed d
           ON m."kind" = 'ratio' AND d."ab_test_id" = n."ab_test_id" AND d."version" = n."version"
          AND d."user_id" = n."user_id" AND d."event" = m."denominator_event"
     )
     INSERT INTO "experiment_metric_day" AS d
       ("environment_id", "ab_test_id", "version", "case_index", "metric_id", "day",
        "sum", "sum_squares", "denominator_sum", "denominator_sum_squares", "product_sum")
     SELECT $1, "ab_test_id", "version", "case_index", "metric_id", "day",
            sum(new_value - old_value), sum(new_value * new_value - old_value * old_value),
            sum(new_den - old_den), sum(new_den * new_den - old_den * old_den),
            sum(new_value * new_den - old_value * old_den)
       FROM player_metric
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

/**
 * A metric's sums over every version, computed afresh from the players' totals per event name (what a
 * batch would have added had the metric existed all along): at creation, and when restored from the
 * archive. The caller holds lockMetricStatistics.
 */
export async function recomputeMetricStatistics(
  tx: Tx,
  environmentId: string,
  metric: Pick<Metric, 'id' | 'kind' | 'event' | 'denominatorEvent' | 'conversionWindowDays'>,
): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM "experiment_metric_day" WHERE "environment_id" = ${environmentId} AND "metric_id" = ${metric.id}`;
  const denominator = metric.kind === 'ratio' ? metric.denominatorEvent : null;
  await tx.$executeRaw`
    INSERT INTO "experiment_metric_day"
      ("environment_id", "ab_test_id", "version", "case_index", "metric_id", "day",
       "sum", "sum_squares", "denominator_sum", "denominator_sum_squares", "product_sum")
    SELECT ${environmentId}, "ab_test_id", "version", "case_index", ${metric.id}, "day",
           sum(value), sum(value * value), sum(den), sum(den * den), sum(value * den)
      FROM (
        SELECT "ab_test_id", "version", "case_index", "day",
               CASE WHEN ${metric.kind} = 'conversion'
                    THEN coalesce(bool_or("event" = ${metric.event} AND "first_at" <
                           "exposed" + make_interval(days => ${metric.conversionWindowDays ?? 0}::integer)), false)::integer::double precision
                    ELSE coalesce(sum("value") FILTER (WHERE "event" = ${metric.event}), 0) END AS value,
               coalesce(sum("value") FILTER (WHERE "event" = ${denominator}::text), 0) AS den
          FROM "experiment_player_event"
         WHERE "environment_id" = ${environmentId} AND ("event" = ${metric.event} OR "event" = ${denominator}::text)
         GROUP BY "ab_test_id", "version", "user_id", "case_index", "day"
      ) AS player
     GROUP BY "ab_test_id", "version", "case_index", "day"`;
}
