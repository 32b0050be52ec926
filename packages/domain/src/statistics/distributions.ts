import jStat from 'jstat';

// The distributions the statistics need, from jstat (docs/decisions/0147). Callers take a
// t tail as the lower tail of the negated value, so small p-values keep their digits (1 − cdf rounds
// them to 0); the chi-square's upper tail is 1 − P, exact enough around the sample-ratio threshold.

// jstat's series can step a hair outside [0, 1] at extreme arguments.
function probability(p: number): number {
  return Math.min(1, Math.max(0, p));
}

/** P(Z ≤ x) for a standard normal Z. */
export function normalCdf(x: number): number {
  return probability(jStat.normal.cdf(x, 0, 1));
}

/** The standard normal quantile: normalQuantile(0.975) ≈ 1.96. */
export function normalQuantile(p: number): number {
  return jStat.normal.inv(p, 0, 1);
}

/** P(T ≤ x) for Student's t with (possibly fractional) degrees of freedom. */
export function studentTCdf(x: number, degreesOfFreedom: number): number {
  return probability(jStat.studentt.cdf(x, degreesOfFreedom));
}

/** Student's t quantile. */
export function studentTQuantile(p: number, degreesOfFreedom: number): number {
  return jStat.studentt.inv(p, degreesOfFreedom);
}

/** P(X ≥ x) for a chi-square X with the given degrees of freedom. */
export function chiSquareUpperTail(x: number, degreesOfFreedom: number): number {
  if (x <= 0) return 1;
  return probability(1 - jStat.lowRegGamma(degreesOfFreedom / 2, x / 2));
}
