import type { CaseEstimate } from './case-value.ts';
import { normalCdf, studentTCdf, studentTQuantile } from './distributions.ts';
import type { Interval } from './statistics.schemas.ts';

// The relative change of a case against the control, as GrowthBook's gbstats computes it from the same
// sufficient statistics (its frequentist two-sided t-test on the relative difference), so the numbers agree
// with theirs (statistics.vectors.ts holds their published cases).

/** Sequential testing's default tuning parameter: the total exposed players where its interval is tightest. */
export const SEQUENTIAL_TUNING_DEFAULT = 5000;
/** 95% intervals. */
export const ALPHA_DEFAULT = 0.05;

/** The relative change (treatment − control) / control with its delta-method variance and Welch's df. */
export interface RelativeChange {
  relativeChange: number;
  /** Variance of the relative change: var_t/(m_c²·n_t) + var_c·m_t²/(m_c⁴·n_c). */
  variance: number;
  /** Welch–Satterthwaite degrees of freedom of the two cases' means. */
  degreesOfFreedom: number;
  /** n_c + n_t, the sample size of the sequential method. */
  totalN: number;
}

/**
 * The relative change of `treatment` against `control`, or null when it cannot be computed: the control's
 * value is 0, a case has fewer than two players, or the variance is 0.
 */
export function relativeChangeOf(control: CaseEstimate, treatment: CaseEstimate): RelativeChange | null {
  if (control.value === 0 || control.n < 2 || treatment.n < 2) return null;
  const mc = control.value;
  const mt = treatment.value;
  const variance =
    treatment.variance / (mc ** 2 * treatment.n) + (control.variance * mt ** 2) / (mc ** 4 * control.n);
  if (!(variance > 0) || !Number.isFinite(variance)) return null;
  const meanVarianceC = control.variance / control.n;
  const meanVarianceT = treatment.variance / treatment.n;
  const degreesOfFreedom =
    (meanVarianceT + meanVarianceC) ** 2 /
    (meanVarianceT ** 2 / (treatment.n - 1) + meanVarianceC ** 2 / (control.n - 1));
  return {
    relativeChange: (mt - mc) / mc,
    variance,
    degreesOfFreedom,
    totalN: control.n + treatment.n,
  };
}

/** An interval with its two-sided p-value. */
export interface TestOutcome {
  interval: Interval;
  pValue: number;
}

/** Fixed-horizon: change ± t(1 − alpha/2, df)·se, p = 2·P(T ≤ −|change|/se). */
export function fixedHorizonTest(change: RelativeChange, alpha: number): TestOutcome {
  const standardError = Math.sqrt(change.variance);
  const halfWidth = studentTQuantile(1 - alpha / 2, change.degreesOfFreedom) * standardError;
  const pValue = 2 * studentTCdf(-Math.abs(change.relativeChange) / standardError, change.degreesOfFreedom);
  return {
    interval: [change.relativeChange - halfWidth, change.relativeChange + halfWidth],
    pValue: Math.min(1, pValue),
  };
}

/**
 * ρ² of the asymptotic confidence sequence, from alpha and the tuning parameter t*:
 * ρ² = (−2·ln α + ln(−2·ln α + 1)) / t* (Waudby-Smith et al., "Time-uniform central limit theory and
 * asymptotic confidence sequences"), so the sequence is tightest when n reaches t*.
 */
export function sequentialRhoSquared(alpha: number, tuning: number): number {
  const minusTwoLogAlpha = -2 * Math.log(alpha);
  return (minusTwoLogAlpha + Math.log(minusTwoLogAlpha + 1)) / tuning;
}

/**
 * Sequential (always valid): the asymptotic confidence sequence's half-width with σ² = variance·N over
 * N = n_c + n_t players, σ·√(2(Nρ² + 1) / (N²ρ²) · ln(√(Nρ² + 1) / α)); its p-value is the smallest alpha
 * whose sequence excludes 0: min(1, √(Nρ² + 1) · exp(−N²ρ²·change² / (2σ²(Nρ² + 1)))).
 */
export function sequentialTest(change: RelativeChange, alpha: number, tuning: number): TestOutcome {
  const rhoSquared = sequentialRhoSquared(alpha, tuning);
  const n = change.totalN;
  const sigmaSquared = change.variance * n;
  const nRhoPlusOne = n * rhoSquared + 1;
  const halfWidth = Math.sqrt(
    ((sigmaSquared * 2 * nRhoPlusOne) / (n * n * rhoSquared)) * Math.log(Math.sqrt(nRhoPlusOne) / alpha),
  );
  const exponent = (n * n * rhoSquared * change.relativeChange ** 2) / (2 * sigmaSquared * nRhoPlusOne);
  const pValue = Math.sqrt(nRhoPlusOne) * Math.exp(-exponent);
  return {
    interval: [change.relativeChange - halfWidth, change.relativeChange + halfWidth],
    pValue: Math.min(1, pValue),
  };
}

/**
 * The Bayesian chance to beat control: the posterior probability that the relative change is above 0
 * (below 0 when lower is better), with the data's likelihood N(change, variance) and a Gaussian prior on
 * the relative change, or none (null: flat), as gbstats' Gaussian effect test does.
 */
export function chanceToBeatControl(
  change: RelativeChange,
  prior: { mean: number; variance: number } | null,
  higherIsBetter: boolean,
): number {
  let precision = 1 / change.variance;
  let weightedMean = change.relativeChange / change.variance;
  if (prior !== null) {
    precision += 1 / prior.variance;
    weightedMean += prior.mean / prior.variance;
  }
  const posteriorMean = weightedMean / precision;
  const standardScore = posteriorMean * Math.sqrt(precision);
  return normalCdf(higherIsBetter ? standardScore : -standardScore);
}
