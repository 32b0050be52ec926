import { notFound } from '@console/domain/errors';
import {
  type ExperimentResults,
  type Metric,
  type MetricResult,
  RESULTS_CONFIDENCE,
  type ResultsRequest,
  SRM_P_VALUE_THRESHOLD,
} from '@console/domain/experiment';
import { analyseMetric, analysisMethodOf, checkSampleRatio } from '@console/domain/statistics';
import type { EnvironmentContext } from '../../context.ts';
import { getAbTest } from '../abtest/abtest.service.ts';
import { readSqlSourceStatistics } from './experiment-datasource.service.ts';
import { DAY_MS } from './experiment-events.store.ts';
import { listMetrics } from './experiment-metric.store.ts';
import { readVersionStatistics, type VersionStatistics } from './experiment-results.store.ts';

// The results of an A/B-test version, from the sufficient statistics alone (never the raw events): the
// statistics are the domain's functions (@console/domain/statistics); this file only gathers their input.

const isoDay = (day: number | null) =>
  day === null ? null : new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The version the results are of: the one asked for, else the A/B-test's current one (null without). */
async function versionOf(ctx: EnvironmentContext, request: ResultsRequest) {
  const abTest = await getAbTest(ctx, request.abTestId);
  const wanted = request.version ?? (abTest.data.version >= 0 ? abTest.data.version : null);
  if (wanted === null) return null;
  const version = abTest.data.versions.find((candidate) => candidate.version === wanted);
  if (!version) throw notFound(`AB-test '${request.abTestId}' has no version ${wanted}`);
  return version;
}

export async function getResults(
  ctx: EnvironmentContext,
  request: ResultsRequest,
  now = Date.now(),
): Promise<ExperimentResults> {
  const method = analysisMethodOf({
    sequential: request.method === 'sequential',
    alpha: 1 - RESULTS_CONFIDENCE,
  });
  const [version, metrics] = await Promise.all([
    versionOf(ctx, request),
    listMetrics(ctx.db, ctx.environmentId, false),
  ]);
  const base = {
    abTestId: request.abTestId,
    source: request.source,
    method: request.method,
    methodDescription: method.description,
    computed: now,
  };
  if (version === null) {
    return {
      ...base,
      version: null,
      weights: [],
      cases: [],
      players: 0,
      srm: { pValue: null, isMismatch: false, threshold: SRM_P_VALUE_THRESHOLD },
      metrics: [],
      firstDay: null,
      lastDay: null,
    };
  }
  const statistics =
    request.source === 'sql'
      ? await readSqlSourceStatistics(ctx, request.abTestId, version.version, metrics)
      : await readVersionStatistics(ctx.db, ctx.environmentId, request.abTestId, version.version);
  return { ...base, ...resultsOf(version.version, version.cases, metrics, statistics, request) };
}

/** The results from the statistics: per case the exposed players, per metric the domain's analysis. */
export function resultsOf(
  version: number,
  weights: readonly number[],
  metrics: readonly Metric[],
  statistics: VersionStatistics,
  request: Pick<ResultsRequest, 'method'>,
) {
  // A case a player was exposed in beyond the version's cases counts as a mismatch of the split.
  const caseCount = Math.max(weights.length, ...[...statistics.players.keys()].map((index) => index + 1));
  const caseIndexes = Array.from({ length: caseCount }, (_, index) => index);
  const players = caseIndexes.map((index) => statistics.players.get(index) ?? 0);
  const total = players.reduce((sum, count) => sum + count, 0);
  const srm = checkSampleRatio(
    players,
    caseIndexes.map((index) => weights[index] ?? 0),
  );
  const metricResults = metrics.map((metric): MetricResult => {
    const sums = statistics.metrics.get(metric.id);
    const cases = caseIndexes.map((index) => {
      const caseSums = sums?.get(index);
      return {
        n: players[index]!,
        sum: caseSums?.sum ?? 0,
        sumSquares: caseSums?.sumSquares ?? 0,
        ...(metric.kind === 'ratio'
          ? {
              denominatorSum: caseSums?.denominatorSum ?? 0,
              denominatorSumSquares: caseSums?.denominatorSumSquares ?? 0,
              sumProduct: caseSums?.productSum ?? 0,
            }
          : {}),
      };
    });
    const analysis = analyseMetric(metric.kind, cases, {
      sequential: request.method === 'sequential',
      alpha: 1 - RESULTS_CONFIDENCE,
      higherIsBetter: metric.higherIsBetter,
    });
    return {
      metric,
      status: analysis.enoughData.isEnough ? 'ok' : 'not-enough-data',
      shortfalls: analysis.enoughData.shortfalls,
      cases: analysis.cases.map((result, index) => ({
        caseIndex: index,
        players: result.n,
        value: result.value,
        interval: result.interval === null ? null : { low: result.interval[0], high: result.interval[1] },
        change:
          result.comparison === null
            ? null
            : {
                relative: result.comparison.relativeChange,
                interval: { low: result.comparison.interval[0], high: result.comparison.interval[1] },
                pValue: result.comparison.pValue,
                chanceToBeat: result.comparison.chanceToBeatControl,
              },
      })),
    };
  });
  return {
    version,
    weights: [...weights],
    cases: caseIndexes.map((index) => ({ caseIndex: index, players: players[index]! })),
    players: total,
    srm: {
      pValue: total === 0 ? null : srm.pValue,
      isMismatch: srm.isMismatch,
      threshold: SRM_P_VALUE_THRESHOLD,
    },
    metrics: metricResults,
    firstDay: isoDay(statistics.firstDay),
    lastDay: isoDay(statistics.lastDay),
  };
}
