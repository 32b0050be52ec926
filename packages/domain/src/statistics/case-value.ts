import { normalQuantile, studentTQuantile } from './distributions.ts';
import type { CaseStatistics, Interval, MetricKind } from './statistics.schemas.ts';

/**
 * A case's metric as an estimate: its value, the variance of one player's contribution (so the value's
 * variance is variance / n), and n. For a ratio the per-player variance is the delta method's, with the
 * covariance of numerator and denominator.
 */
export interface CaseEstimate {
  n: number;
  value: number;
  variance: number;
}

/**
 * Sample variance from a sum and a sum of squares (n − 1 in the denominator); 0 below two players. Not
 * clamped: a ratio's parts enter the delta method as they are, as in gbstats; the per-player variance an
 * estimate answers is clamped at 0 once, at the end.
 */
function sampleVariance(n: number, sum: number, sumSquares: number): number {
  if (n < 2) return 0;
  return (sumSquares - (sum * sum) / n) / (n - 1);
}

/**
 * The case's estimate, or null when it has no value: no exposed players, or a ratio whose denominator
 * sums to 0. Conversion: rate p with variance p(1 − p) (binomial); mean and revenue: the mean per
 * exposed player with the sample variance; ratio: Σnumerator / Σdenominator with the delta method's
 * variance var(m)/d² − 2·cov(m, d)·m/d³ + m²·var(d)/d⁴ (m, d the means per player).
 */
export function estimateCase(kind: MetricKind, statistics: CaseStatistics): CaseEstimate | null {
  const estimate = estimateOf(kind, statistics);
  // Sums no players could give (a denominator of 1e-300) can overflow: such a case has no value either.
  if (estimate === null || !Number.isFinite(estimate.value) || !Number.isFinite(estimate.variance))
    return null;
  return estimate;
}

function estimateOf(kind: MetricKind, statistics: CaseStatistics): CaseEstimate | null {
  const { n, sum, sumSquares } = statistics;
  if (n <= 0) return null;
  if (kind === 'conversion') {
    const rate = sum / n;
    return { n, value: rate, variance: Math.max(0, rate * (1 - rate)) };
  }
  if (kind === 'mean' || kind === 'revenue') {
    return { n, value: sum / n, variance: Math.max(0, sampleVariance(n, sum, sumSquares)) };
  }
  const denominatorSum = statistics.denominatorSum ?? 0;
  if (denominatorSum === 0) return null;
  const numeratorMean = sum / n;
  const denominatorMean = denominatorSum / n;
  const numeratorVariance = sampleVariance(n, sum, sumSquares);
  const denominatorVariance = sampleVariance(n, denominatorSum, statistics.denominatorSumSquares ?? 0);
  const covariance = n < 2 ? 0 : ((statistics.sumProduct ?? 0) - (sum * denominatorSum) / n) / (n - 1);
  const variance =
    numeratorVariance / denominatorMean ** 2 -
    (2 * covariance * numeratorMean) / denominatorMean ** 3 +
    (numeratorMean ** 2 * denominatorVariance) / denominatorMean ** 4;
  return { n, value: sum / denominatorSum, variance: Math.max(0, variance) };
}

/**
 * The value's interval at 1 − alpha, fixed-horizon. Conversion: the Wilson score interval (it stays within
 * 0-100% and is honest at 0 or all conversions); the other kinds: value ± t(n − 1) · √(variance / n).
 * Null when there is no value, or for the t interval below two players.
 */
export function caseInterval(
  kind: MetricKind,
  estimate: CaseEstimate | null,
  alpha: number,
): Interval | null {
  if (estimate === null) return null;
  const { n, value, variance } = estimate;
  if (kind === 'conversion') {
    const z = normalQuantile(1 - alpha / 2);
    const z2n = (z * z) / n;
    const centre = (value + z2n / 2) / (1 + z2n);
    const halfWidth = (z * Math.sqrt(variance / n + z2n / (4 * n))) / (1 + z2n);
    return finiteOrNull([Math.max(0, centre - halfWidth), Math.min(1, centre + halfWidth)]);
  }
  if (n < 2) return null;
  const halfWidth = studentTQuantile(1 - alpha / 2, n - 1) * Math.sqrt(variance / n);
  return finiteOrNull([value - halfWidth, value + halfWidth]);
}

function finiteOrNull(interval: Interval): Interval | null {
  return Number.isFinite(interval[0]) && Number.isFinite(interval[1]) ? interval : null;
}
