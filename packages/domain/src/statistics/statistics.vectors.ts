import type { CaseStatistics, MetricKind } from './statistics.schemas.ts';

// Reference cases for the statistics, each with where its numbers come from. `decimals` is how many
// decimals the reference publishes; the tests compare to that many (4 at least, the bar).

export interface ComparisonVector {
  name: string;
  source: string;
  kind: MetricKind;
  control: CaseStatistics;
  treatment: CaseStatistics;
  sequential: boolean;
  sequentialTuning?: number;
  prior?: { mean: number; variance: number };
  decimals: number;
  expected: {
    controlValue?: number;
    treatmentValue?: number;
    relativeChange?: number;
    lower?: number;
    upper?: number;
    standardError?: number;
    pValue?: number;
    chanceToBeatControl?: number;
  };
}

const GBSTATS_TTEST = 'GrowthBook gbstats, tests/frequentist/test_tests.py (TwoSidedTTest)';
const GBSTATS_SEQUENTIAL = 'GrowthBook gbstats, tests/frequentist/test_tests.py (SequentialTwoSidedTTest)';
const GBSTATS_EFFECT = 'GrowthBook gbstats, tests/bayesian/test_tests.py (EffectBayesianABTest)';
const GBSTATS_METRIC_DF = 'GrowthBook gbstats, tests/test_gbstats.py (analyze_metric_df)';

// gbstats' mean vector: control mean 0.41 (sd 3.9), treatment 0.7 (sd 6.2) as sums and sums of squares.
const GB_MEAN_CONTROL = { n: 3407, sum: 1396.87, sumSquares: 52377.9767 };
const GB_MEAN_TREATMENT = { n: 3461, sum: 2422.7, sumSquares: 134698.29 };
// analyze_metric_df's count metric: control mean 2.7 (variance 1.21), treatment 2.5 (variance 1).
const GB_DF_CONTROL = { n: 100, sum: 270, sumSquares: 848.79 };
const GB_DF_TREATMENT = { n: 120, sum: 300, sumSquares: 869 };

export const COMPARISON_VECTORS: readonly ComparisonVector[] = [
  {
    name: 'mean, fixed-horizon',
    source: GBSTATS_TTEST,
    kind: 'mean',
    control: GB_MEAN_CONTROL,
    treatment: GB_MEAN_TREATMENT,
    sequential: false,
    decimals: 5,
    expected: {
      relativeChange: 0.70732,
      lower: -0.03526,
      upper: 1.44989,
      standardError: 0.37879,
      pValue: 0.06191,
    },
  },
  {
    name: 'conversion, fixed-horizon',
    source: GBSTATS_TTEST,
    kind: 'conversion',
    control: { n: 28, sum: 14, sumSquares: 14 },
    treatment: { n: 30, sum: 16, sumSquares: 16 },
    sequential: false,
    decimals: 5,
    expected: {
      relativeChange: 0.06667,
      lower: -0.47767,
      upper: 0.61101,
      standardError: 0.2717,
      pValue: 0.80707,
    },
  },
  {
    name: 'mean, sequential, tuning 1000',
    source: GBSTATS_SEQUENTIAL,
    kind: 'mean',
    control: { ...GB_MEAN_CONTROL, n: 3000 },
    treatment: GB_MEAN_TREATMENT,
    sequential: true,
    sequentialTuning: 1000,
    decimals: 5,
    expected: { relativeChange: 0.50336, lower: -0.55844, upper: 1.56516, standardError: 0.33341, pValue: 1 },
  },
  {
    name: 'conversion, sequential, default tuning',
    source: GBSTATS_SEQUENTIAL,
    kind: 'conversion',
    control: { n: 3000, sum: 1396, sumSquares: 1396 },
    treatment: { n: 3461, sum: 2422, sumSquares: 2422 },
    sequential: true,
    decimals: 5,
    expected: { relativeChange: 0.50386, lower: 0.40098, upper: 0.60675, standardError: 0.03386, pValue: 0 },
  },
  {
    name: 'mean, fixed-horizon, chance to beat control',
    source: GBSTATS_METRIC_DF,
    kind: 'mean',
    control: GB_DF_CONTROL,
    treatment: GB_DF_TREATMENT,
    sequential: false,
    decimals: 9,
    expected: {
      controlValue: 2.7,
      treatmentValue: 2.5,
      relativeChange: -0.074074074,
      pValue: 0.145219005,
      chanceToBeatControl: 0.071834168,
    },
  },
  {
    name: 'mean, sequential, tuning 600',
    source: GBSTATS_METRIC_DF,
    kind: 'mean',
    control: GB_DF_CONTROL,
    treatment: GB_DF_TREATMENT,
    sequential: true,
    sequentialTuning: 600,
    decimals: 9,
    expected: { relativeChange: -0.074074074, lower: -0.233322085, pValue: 0.892332229 },
  },
  {
    name: 'ratio, fixed-horizon, chance to beat control',
    source: GBSTATS_METRIC_DF,
    kind: 'ratio',
    control: { ...GB_DF_CONTROL, denominatorSum: 510, denominatorSumSquares: 810, sumProduct: -900 },
    treatment: { ...GB_DF_TREATMENT, denominatorSum: 500, denominatorSumSquares: 800, sumProduct: -905 },
    sequential: false,
    decimals: 9,
    expected: {
      controlValue: 0.529411765,
      treatmentValue: 0.6,
      relativeChange: 0.133333333,
      pValue: 0.610663339,
      chanceToBeatControl: 0.694926359,
    },
  },
  {
    name: 'conversion, flat prior',
    source: GBSTATS_EFFECT,
    kind: 'conversion',
    control: { n: 100, sum: 49, sumSquares: 49 },
    treatment: { n: 100, sum: 51, sumSquares: 51 },
    sequential: false,
    decimals: 5,
    expected: { relativeChange: 0.04082, standardError: 0.14725, chanceToBeatControl: 0.60918 },
  },
  {
    name: 'mean, flat prior',
    source: GBSTATS_EFFECT,
    kind: 'mean',
    control: { n: 10, sum: 100, sumSquares: 1002.25 },
    treatment: { n: 10, sum: 105, sumSquares: 1111.5 },
    sequential: false,
    decimals: 5,
    expected: { relativeChange: 0.05, standardError: 0.03572, chanceToBeatControl: 0.91923 },
  },
  {
    name: 'mean, informative prior N(0.1, 0.1)',
    source: GBSTATS_EFFECT,
    kind: 'mean',
    control: { n: 10, sum: 100, sumSquares: 1002.25 },
    treatment: { n: 10, sum: 105, sumSquares: 1111.5 },
    sequential: false,
    prior: { mean: 0.1, variance: 0.1 },
    decimals: 5,
    expected: { chanceToBeatControl: 0.92315 },
  },
  {
    // By hand: values 1, 2, 3, 4 against 2, 3, 4, 5. Means 2.5 and 3.5, both variances 5/3, so the change
    // is 0.4 with variance (5/3)/(2.5²·4) + (5/3)·3.5²/(2.5⁴·4) = 0.197333 and Welch's df exactly 6;
    // t(0.975, 6) = 2.446912 gives 0.4 ± 1.086972, and |0.4|/0.444222 = 0.900450 a p-value of 0.402574.
    name: 'mean, fixed-horizon, by hand',
    source: 'hand-worked',
    kind: 'mean',
    control: { n: 4, sum: 10, sumSquares: 30 },
    treatment: { n: 4, sum: 14, sumSquares: 54 },
    sequential: false,
    decimals: 5,
    expected: {
      controlValue: 2.5,
      treatmentValue: 3.5,
      relativeChange: 0.4,
      standardError: 0.444222,
      lower: -0.686972,
      upper: 1.486972,
      pValue: 0.402574,
    },
  },
];

export interface CaseIntervalVector {
  name: string;
  kind: MetricKind;
  statistics: CaseStatistics;
  expected: { value: number; variance: number; lower: number; upper: number };
}

export const CASE_INTERVAL_VECTORS: readonly CaseIntervalVector[] = [
  {
    // Wilson score interval of 10 in 100 at 95% (z = 1.959964): centre (0.1 + z²/200)/(1 + z²/100).
    name: 'conversion 10 of 100 (Wilson)',
    kind: 'conversion',
    statistics: { n: 100, sum: 10, sumSquares: 10 },
    expected: { value: 0.1, variance: 0.09, lower: 0.055229, upper: 0.174366 },
  },
  {
    // Players (numerator, denominator): (1, 1), (2, 1), (3, 2). Means m = 2, d = 4/3; var(m) = 1,
    // var(d) = 1/3, cov = 1/2; delta method 1/d² − 2·cov·m/d³ + m²·var(d)/d⁴ = 0.5625 − 0.84375 + 0.421875.
    // Interval 1.5 ± t(0.975, 2)·√(0.140625/3) = 1.5 ± 4.302653·0.216506.
    name: 'ratio of three players (delta method)',
    kind: 'ratio',
    statistics: { n: 3, sum: 6, sumSquares: 14, denominatorSum: 4, denominatorSumSquares: 6, sumProduct: 9 },
    expected: { value: 1.5, variance: 0.140625, lower: 0.568448, upper: 2.431552 },
  },
];

export interface SampleRatioVector {
  name: string;
  source: string;
  exposed: number[];
  weights: number[];
  expected: { chiSquare: number; pValue: number; isMismatch: boolean };
}

export const SAMPLE_RATIO_VECTORS: readonly SampleRatioVector[] = [
  {
    name: '1,000 against 1,200 at 50/50',
    source: 'GrowthBook gbstats, tests/test_gbstats.py (check_srm): p = 0.000020079',
    exposed: [1000, 1200],
    weights: [500_000, 500_000],
    expected: { chiSquare: 18.181818, pValue: 0.000020079, isMismatch: true },
  },
  {
    // The textbook goodness-of-fit case: Mendel's dihybrid cross, 556 peas against 9:3:3:1,
    // χ² = 0.470 on 3 degrees of freedom, p = 0.925.
    name: "Mendel's peas 315, 108, 101, 32 against 9:3:3:1",
    source: 'textbook (Mendel, 1866)',
    exposed: [315, 108, 101, 32],
    weights: [9, 3, 3, 1],
    expected: { chiSquare: 0.470024, pValue: 0.925426, isMismatch: false },
  },
];
