import { chiSquareUpperTail } from './distributions.ts';
import type { SampleRatioCheck } from './statistics.schemas.ts';

/** Below this p-value the exposed counts do not fit the weights: the results warn of a sample ratio mismatch. */
export const SAMPLE_RATIO_MISMATCH_P_VALUE = 0.001;

/**
 * Sample ratio mismatch: Pearson's chi-square goodness of fit of the exposed players per case against the
 * version's weights (any positive scale: millionths, shares). Cases the weights give 0 take no part in
 * the test, but a player exposed in one is a mismatch by itself. With fewer than two weighted cases or no
 * players there is nothing to test (p-value 1).
 */
export function checkSampleRatio(exposed: readonly number[], weights: readonly number[]): SampleRatioCheck {
  if (exposed.length !== weights.length) {
    throw new RangeError(`${exposed.length} exposed counts for ${weights.length} weights`);
  }
  const weighted = exposed.flatMap((count, index) => {
    const weight = weights[index]!;
    return weight > 0 ? [{ count, weight }] : [];
  });
  const isExposedUnweighted = exposed.some((count, index) => weights[index]! <= 0 && count > 0);
  const total = weighted.reduce((sum, { count }) => sum + count, 0);
  const weightTotal = weighted.reduce((sum, { weight }) => sum + weight, 0);
  const degreesOfFreedom = Math.max(0, weighted.length - 1);
  if (total === 0 || degreesOfFreedom === 0) {
    return {
      chiSquare: 0,
      degreesOfFreedom,
      pValue: isExposedUnweighted ? 0 : 1,
      isMismatch: isExposedUnweighted,
    };
  }
  let chiSquare = 0;
  for (const { count, weight } of weighted) {
    const expected = (total * weight) / weightTotal;
    chiSquare += (count - expected) ** 2 / expected;
  }
  const pValue = isExposedUnweighted ? 0 : chiSquareUpperTail(chiSquare, degreesOfFreedom);
  return { chiSquare, degreesOfFreedom, pValue, isMismatch: pValue < SAMPLE_RATIO_MISMATCH_P_VALUE };
}
