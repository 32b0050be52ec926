import { estimateCase } from './case-value.ts';
import type { CaseStatistics, DataShortfall, EnoughData, MetricKind } from './statistics.schemas.ts';

// The "not enough data yet" rule (docs/decisions/0152): below these the intervals rest on an
// approximation that does not hold yet, so the screen says so instead of naming a winner.

/** Every case needs this many exposed players. */
export const MINIMUM_EXPOSED_PER_CASE = 100;
/** A conversion metric needs, in every case, this many converted players and this many not converted. */
export const MINIMUM_CONVERSIONS_PER_CASE = 10;

/**
 * Whether a metric's results for these cases (case 1, the control, first) have enough data to be read,
 * with each case's shortfalls: too few exposed players, too few conversions (or non-conversions), a
 * ratio's zero denominator, sums no players could give, no variance, or a control whose value is 0.
 */
export function checkEnoughData(kind: MetricKind, cases: readonly CaseStatistics[]): EnoughData {
  const shortfalls: DataShortfall[] = [];
  cases.forEach((statistics, caseIndex) => {
    if (statistics.n < MINIMUM_EXPOSED_PER_CASE) shortfalls.push({ caseIndex, reason: 'too-few-exposed' });
    if (
      kind === 'conversion' &&
      (statistics.sum < MINIMUM_CONVERSIONS_PER_CASE ||
        statistics.n - statistics.sum < MINIMUM_CONVERSIONS_PER_CASE)
    ) {
      shortfalls.push({ caseIndex, reason: 'too-few-conversions' });
    }
    if (statistics.n === 0) return;
    const estimate = estimateCase(kind, statistics);
    if (estimate === null) {
      const isZeroDenominator = kind === 'ratio' && (statistics.denominatorSum ?? 0) === 0;
      shortfalls.push({ caseIndex, reason: isZeroDenominator ? 'zero-denominator' : 'invalid-statistics' });
      return;
    }
    if (kind !== 'conversion' && estimate.variance === 0)
      shortfalls.push({ caseIndex, reason: 'no-variance' });
    if (caseIndex === 0 && estimate.value === 0 && kind !== 'conversion') {
      shortfalls.push({ caseIndex, reason: 'control-value-zero' });
    }
  });
  return { isEnough: cases.length >= 2 && shortfalls.length === 0, shortfalls };
}
