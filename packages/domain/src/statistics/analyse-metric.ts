import { type CaseEstimate, caseInterval, estimateCase } from './case-value.ts';
import { checkEnoughData } from './enough-data.ts';
import {
  ALPHA_DEFAULT,
  chanceToBeatControl,
  fixedHorizonTest,
  relativeChangeOf,
  SEQUENTIAL_TUNING_DEFAULT,
  sequentialTest,
} from './relative-change.ts';
import type {
  AnalysisMethod,
  AnalysisOptions,
  CaseResult,
  CaseStatistics,
  Comparison,
  MetricAnalysis,
  MetricKind,
} from './statistics.schemas.ts';

/** The options with their defaults: sequential on (tuning 5000), 95%, higher is better, flat prior. */
export function analysisMethodOf(options: AnalysisOptions = {}): AnalysisMethod {
  const alpha = options.alpha ?? ALPHA_DEFAULT;
  const prior = options.prior ?? null;
  if (options.sequential === false) {
    return {
      name: 'fixed-horizon',
      description: "Fixed-horizon: Welch's t-test on the relative change (delta method)",
      sequentialTuning: null,
      alpha,
      prior,
    };
  }
  const tuning = options.sequentialTuning ?? SEQUENTIAL_TUNING_DEFAULT;
  return {
    name: 'sequential',
    description: `Sequential: asymptotic confidence sequences (Waudby-Smith et al.), tuning ${tuning}`,
    sequentialTuning: tuning,
    alpha,
    prior,
  };
}

/**
 * One metric's results over an A/B-test version's cases (`cases[0]` is case 1, the control): each case's
 * value with its interval, and each other case against the control: relative change with its interval and
 * two-sided p-value (sequential or fixed-horizon, per `options`), and the chance to beat control.
 */
export function analyseMetric(
  kind: MetricKind,
  cases: readonly CaseStatistics[],
  options: AnalysisOptions = {},
): MetricAnalysis {
  const method = analysisMethodOf(options);
  const higherIsBetter = options.higherIsBetter ?? true;
  const estimates = cases.map((statistics) => estimateCase(kind, statistics));
  const control = estimates[0] ?? null;
  const results = cases.map((statistics, index): CaseResult => {
    const estimate = estimates[index]!;
    return {
      n: statistics.n,
      value: estimate?.value ?? null,
      interval: caseInterval(kind, estimate, method.alpha),
      comparison:
        index === 0 || control === null || estimate === null
          ? null
          : compare(control, estimate, method, higherIsBetter),
    };
  });
  return { kind, method, cases: results, enoughData: checkEnoughData(kind, cases) };
}

function compare(
  control: CaseEstimate,
  treatment: CaseEstimate,
  method: AnalysisMethod,
  higherIsBetter: boolean,
): Comparison | null {
  const change = relativeChangeOf(control, treatment);
  if (change === null) return null;
  const outcome =
    method.sequentialTuning === null
      ? fixedHorizonTest(change, method.alpha)
      : sequentialTest(change, method.alpha, method.sequentialTuning);
  const comparison = {
    relativeChange: change.relativeChange,
    interval: outcome.interval,
    pValue: outcome.pValue,
    chanceToBeatControl: chanceToBeatControl(change, method.prior, higherIsBetter),
    standardError: Math.sqrt(change.variance),
    degreesOfFreedom: change.degreesOfFreedom,
  };
  // Sums no players could give can overflow on the way: such a comparison is not made.
  const numbers = [
    ...comparison.interval,
    comparison.relativeChange,
    comparison.pValue,
    comparison.chanceToBeatControl,
  ];
  return numbers.every(Number.isFinite) && Number.isFinite(comparison.degreesOfFreedom) ? comparison : null;
}
