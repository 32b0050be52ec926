import type { Db } from '../../db/client.ts';

// What the results read: the per-case, per-day sufficient statistics summed over the days, one query for
// the exposed players and one for every metric's sums, whatever the number of players or events.

/** A case's sufficient statistics for one metric (players come from the exposures). */
export interface MetricSums {
  sum: number;
  sumSquares: number;
  denominatorSum: number;
  denominatorSumSquares: number;
  productSum: number;
}

export interface VersionStatistics {
  /** Exposed players by case index. */
  players: Map<number, number>;
  /** metric id → case index → sums. */
  metrics: Map<string, Map<number, MetricSums>>;
  firstDay: number | null;
  lastDay: number | null;
}

export async function readVersionStatistics(
  db: Db,
  environmentId: string,
  abTestId: string,
  version: number,
): Promise<VersionStatistics> {
  const [caseRows, metricRows] = await Promise.all([
    db.$queryRaw<{ caseIndex: number; players: number; firstDay: number; lastDay: number }[]>`
      SELECT "case_index" AS "caseIndex", sum("players")::double precision AS "players",
             min("day") AS "firstDay", max("day") AS "lastDay"
        FROM "experiment_case_day"
       WHERE "environment_id" = ${environmentId} AND "ab_test_id" = ${abTestId} AND "version" = ${version}
       GROUP BY "case_index"`,
    db.$queryRaw<({ metricId: string; caseIndex: number } & MetricSums)[]>`
      SELECT "metric_id" AS "metricId", "case_index" AS "caseIndex",
             sum("sum") AS "sum", sum("sum_squares") AS "sumSquares",
             sum("denominator_sum") AS "denominatorSum",
             sum("denominator_sum_squares") AS "denominatorSumSquares",
             sum("product_sum") AS "productSum"
        FROM "experiment_metric_day"
       WHERE "environment_id" = ${environmentId} AND "ab_test_id" = ${abTestId} AND "version" = ${version}
       GROUP BY "metric_id", "case_index"`,
  ]);
  const players = new Map(caseRows.map((row) => [row.caseIndex, row.players]));
  const metrics = new Map<string, Map<number, MetricSums>>();
  for (const { metricId, caseIndex, ...sums } of metricRows) {
    const byCase = metrics.get(metricId) ?? new Map<number, MetricSums>();
    byCase.set(caseIndex, sums);
    metrics.set(metricId, byCase);
  }
  const firstDays = caseRows.map((row) => row.firstDay);
  const lastDays = caseRows.map((row) => row.lastDay);
  return {
    players,
    metrics,
    firstDay: firstDays.length === 0 ? null : Math.min(...firstDays),
    lastDay: lastDays.length === 0 ? null : Math.max(...lastDays),
  };
}
