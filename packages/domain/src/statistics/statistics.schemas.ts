import { z } from 'zod';

// The shapes of the A/B-test statistics: what the results are computed from (per case, per metric,
// sufficient statistics) and what they answer. Plain zod, no distribution library, so the endpoint
// table can declare results with these schemas without pulling the computations into its bundle.

export const METRIC_KINDS = ['conversion', 'mean', 'ratio', 'revenue'] as const;
/**
 * conversion: share of exposed players who converted (sum = converted players);
 * mean: value per exposed player; revenue: the same, of money (players who paid nothing count as 0);
 * ratio: sum of one value over the sum of another (the denominator), over the exposed players.
 */
export const metricKindSchema = z.enum(METRIC_KINDS);
export type MetricKind = z.infer<typeof metricKindSchema>;

/** Largest count or sum taken: far beyond any game, small enough that squares stay exact-ish doubles. */
export const MAX_STATISTIC = 1e15;
const count = z.number().int().min(0).max(MAX_STATISTIC);
const total = z.number().min(-MAX_STATISTIC).max(MAX_STATISTIC);
const squares = z.number().min(0);

/**
 * One case's sufficient statistics for one metric, over its exposed players: `n` exposed players, `sum` and
 * `sumSquares` of each player's value (conversion: 1 or 0, so sum = converted players). A ratio metric also
 * has its denominator's `denominatorSum`, `denominatorSumSquares` and the cross product `sumProduct`
 * (Σ numerator · denominator per player).
 */
export const caseStatisticsSchema = z.object({
  n: count,
  sum: total,
  sumSquares: squares,
  denominatorSum: total.optional(),
  denominatorSumSquares: squares.optional(),
  sumProduct: total.optional(),
});
export type CaseStatistics = z.infer<typeof caseStatisticsSchema>;

/** A Gaussian prior on the relative change (mean 0.1 = +10%), for the chance to beat control. */
export const gaussianPriorSchema = z.object({
  mean: z.number().min(-10).max(10),
  variance: z.number().positive().max(100),
});
export type GaussianPrior = z.infer<typeof gaussianPriorSchema>;

/** How the comparisons against the control are computed; every field has the default the results use. */
export const analysisOptionsSchema = z.object({
  /** Sequential testing (always-valid intervals and p-values); off = fixed-horizon. */
  sequential: z.boolean().optional(),
  /** The sequential method's tuning parameter: the total exposed players at which its interval is tightest. */
  sequentialTuning: z.number().int().min(1).max(1_000_000_000).optional(),
  /** 1 − confidence: 0.05 gives 95% intervals. */
  alpha: z.number().min(0.001).max(0.2).optional(),
  /** Whether a higher value is better (the chance to beat control counts the other direction otherwise). */
  higherIsBetter: z.boolean().optional(),
  /** null (the default): a flat prior, so the chance to beat control rests on the data alone. */
  prior: gaussianPriorSchema.nullable().optional(),
});
export type AnalysisOptions = z.infer<typeof analysisOptionsSchema>;

export const COMPARISON_METHODS = ['sequential', 'fixed-horizon'] as const;
export const comparisonMethodSchema = z.enum(COMPARISON_METHODS);
export type ComparisonMethod = z.infer<typeof comparisonMethodSchema>;

/** [lower, upper] */
export const intervalSchema = z.tuple([z.number(), z.number()]);
export type Interval = z.infer<typeof intervalSchema>;

/** A case against the control (case 1): the relative change (0.05 = +5%) and what it rests on. */
export const comparisonSchema = z.object({
  relativeChange: z.number(),
  /** The relative change's interval at 1 − alpha (always-valid when sequential). */
  interval: intervalSchema,
  /** Two-sided p-value of "no change" (always-valid when sequential). */
  pValue: z.number().min(0).max(1),
  /** Bayesian posterior probability that the case is better than the control (in the metric's direction). */
  chanceToBeatControl: z.number().min(0).max(1),
  /** Standard error of the relative change (delta method). */
  standardError: z.number().min(0),
  /** Welch–Satterthwaite degrees of freedom. */
  degreesOfFreedom: z.number().min(0),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const NOT_ENOUGH_DATA_REASONS = [
  /** Fewer exposed players than MINIMUM_EXPOSED_PER_CASE. */
  'too-few-exposed',
  /** Conversion: fewer than MINIMUM_CONVERSIONS_PER_CASE converted, or as few not converted. */
  'too-few-conversions',
  /** Ratio: the denominator's sum is 0, so the ratio has no value. */
  'zero-denominator',
  /** The sums are ones no players could give (the value overflows). */
  'invalid-statistics',
  /** Every exposed player has the same value: no variance to compare. */
  'no-variance',
  /** The control's value is 0: a relative change has no meaning. */
  'control-value-zero',
] as const;
export const notEnoughDataReasonSchema = z.enum(NOT_ENOUGH_DATA_REASONS);
export type NotEnoughDataReason = z.infer<typeof notEnoughDataReasonSchema>;

/** One case's shortfall: `caseIndex` 0 is case 1, the control. */
export const dataShortfallSchema = z.object({
  caseIndex: z.number().int().min(0),
  reason: notEnoughDataReasonSchema,
});
export type DataShortfall = z.infer<typeof dataShortfallSchema>;

/** The "not enough data yet" rule's answer: enough when there is no shortfall. */
export const enoughDataSchema = z.object({
  isEnough: z.boolean(),
  shortfalls: z.array(dataShortfallSchema),
});
export type EnoughData = z.infer<typeof enoughDataSchema>;

export const caseResultSchema = z.object({
  /** Exposed players. */
  n: z.number().int().min(0),
  /** The metric's value in this case: a rate, a mean per exposed player or a ratio; null without data. */
  value: z.number().nullable(),
  /** The value's interval at 1 − alpha (fixed-horizon); null without data. */
  interval: intervalSchema.nullable(),
  /** Against the control; null for the control itself and when no comparison can be computed. */
  comparison: comparisonSchema.nullable(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

/** The method behind a metric's comparisons, named for the screen. */
export const analysisMethodSchema = z.object({
  name: comparisonMethodSchema,
  /** E.g. "Sequential: asymptotic confidence sequences (Waudby-Smith et al.), tuning 5000". */
  description: z.string(),
  sequentialTuning: z.number().nullable(),
  alpha: z.number(),
  prior: gaussianPriorSchema.nullable(),
});
export type AnalysisMethod = z.infer<typeof analysisMethodSchema>;

/** One metric's results for one A/B-test version: `cases[0]` is case 1, the control. */
export const metricAnalysisSchema = z.object({
  kind: metricKindSchema,
  method: analysisMethodSchema,
  cases: z.array(caseResultSchema),
  enoughData: enoughDataSchema,
});
export type MetricAnalysis = z.infer<typeof metricAnalysisSchema>;

/** The sample-ratio-mismatch check: exposed players per case against the version's weights. */
export const sampleRatioCheckSchema = z.object({
  chiSquare: z.number().min(0),
  degreesOfFreedom: z.number().int().min(0),
  pValue: z.number().min(0).max(1),
  /** pValue below SAMPLE_RATIO_MISMATCH_P_VALUE, or players in a case the weights give none. */
  isMismatch: z.boolean(),
});
export type SampleRatioCheck = z.infer<typeof sampleRatioCheckSchema>;
