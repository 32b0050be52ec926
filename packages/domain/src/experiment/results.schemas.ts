import { z } from 'zod';
import { abTestIdRefSchema } from '../abtest/abtest-id.ts';
import { MAX_CASE_COUNT } from '../abtest/weights.ts';
import { boundedRecord } from '../api/bounded.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import { MAX_METRICS_PER_ENVIRONMENT, metricIdRefSchema, metricSchema } from './metric.schemas.ts';

// The results of one A/B-test version: per case the exposed players and, per metric, its value with a 95%
// interval and the change against the control (case index 0, "Case 1") — computed from the per-case,
// per-metric, per-day sufficient statistics (never from raw events), or from the SQL data source's queries.

/** Sequential (always-valid intervals: looking every day does not inflate false positives) or fixed-horizon. */
export const RESULTS_METHODS = ['sequential', 'fixed-horizon'] as const;
export const resultsMethodSchema = z.enum(RESULTS_METHODS, {
  error: "method must be 'sequential' or 'fixed-horizon'",
});
export type ResultsMethod = z.infer<typeof resultsMethodSchema>;

/** Where the sufficient statistics come from: the console's own events, or the admin's SQL data source. */
export const RESULTS_SOURCES = ['events', 'sql'] as const;
export const resultsSourceSchema = z.enum(RESULTS_SOURCES, { error: "source must be 'events' or 'sql'" });
export type ResultsSource = z.infer<typeof resultsSourceSchema>;

/** Below this p-value the split of players does not match the version's weights (sample ratio mismatch). */
export const SRM_P_VALUE_THRESHOLD = 0.001;
/** The confidence of every interval. */
export const RESULTS_CONFIDENCE = 0.95;

const versionSchema = z
  .number({ error: 'version must be a whole number of at least 0' })
  .int({ error: 'version must be a whole number of at least 0' })
  .min(0, { error: 'version must be a whole number of at least 0' })
  .max(MAX_STORED_INTEGER, { error: 'version is too large' });

const caseIndexSchema = z
  .number({ error: `caseIndex must be a whole number from 0 to ${MAX_CASE_COUNT - 1}` })
  .int({ error: `caseIndex must be a whole number from 0 to ${MAX_CASE_COUNT - 1}` })
  .min(0, { error: `caseIndex must be a whole number from 0 to ${MAX_CASE_COUNT - 1}` })
  .max(MAX_CASE_COUNT - 1, { error: `caseIndex must be a whole number from 0 to ${MAX_CASE_COUNT - 1}` });

// ---- requests ----

/** /results/get: `version` absent = the A/B-test's current version; method sequential unless asked. */
export const resultsRequestSchema = z.object({
  abTestId: abTestIdRefSchema,
  version: versionSchema.optional(),
  method: resultsMethodSchema.default('sequential'),
  source: resultsSourceSchema.default('events'),
});
export type ResultsRequest = z.infer<typeof resultsRequestSchema>;
export type ResultsRequestInput = z.input<typeof resultsRequestSchema>;

export const DECISION_NOTE_MAX_LENGTH = 500;

/**
 * /results/decide: "Ship case N" — records the decision with the result it rested on (computed now, with
 * `method` and `source`). The rollout itself is made by the A/B-test's own calls (a new version giving
 * the case 100%) or a change request where the environment requires review.
 */
export const decideRequestSchema = z.object({
  abTestId: abTestIdRefSchema,
  version: versionSchema,
  caseIndex: caseIndexSchema,
  note: z
    .string({ error: 'note must be a text' })
    .trim()
    .max(DECISION_NOTE_MAX_LENGTH, { error: `note must be at most ${DECISION_NOTE_MAX_LENGTH} characters` })
    .default(''),
  method: resultsMethodSchema.default('sequential'),
  source: resultsSourceSchema.default('events'),
});
export type DecideRequest = z.infer<typeof decideRequestSchema>;
export type DecideRequestInput = z.input<typeof decideRequestSchema>;

/** /results/decisions: the decisions recorded for an A/B-test, newest first. */
export const decisionsRequestSchema = z.object({ abTestId: abTestIdRefSchema });

// ---- responses ----

/** An interval as the results answer it (the statistics' own `intervalSchema` is a [low, high] tuple). */
export const resultIntervalSchema = z.object({ low: z.number(), high: z.number() });
export type Interval = z.infer<typeof resultIntervalSchema>;

/** One case's value of one metric, and (cases after the control) its change against the control. */
export const metricCaseResultSchema = z.object({
  caseIndex: z.number().int(),
  players: z.number().int().min(0),
  /** The metric's value (a share for conversion, a mean per player, a ratio); null without players. */
  value: z.number().nullable(),
  /** The 95% interval of the value; null without enough data. */
  interval: resultIntervalSchema.nullable(),
  /** Against the control; null for the control itself and without enough data. */
  change: z
    .object({
      /** (value − control) / control. */
      relative: z.number(),
      /** The 95% interval of the relative change (delta method; always-valid when sequential). */
      interval: resultIntervalSchema,
      /** Two-sided; Welch's degrees of freedom. */
      pValue: z.number().min(0).max(1),
      /** The Bayesian chance this case beats the control (in the metric's better direction). */
      chanceToBeat: z.number().min(0).max(1),
    })
    .nullable(),
});
export type MetricCaseResult = z.infer<typeof metricCaseResultSchema>;

export const metricResultSchema = z.object({
  metric: metricSchema,
  /** 'not-enough-data': some case has too few players or no variance yet to compare. */
  status: z.enum(['ok', 'not-enough-data']),
  /**
   * Why it is 'not-enough-data', per case (the statistics' rule: too-few-exposed, too-few-conversions,
   * zero-denominator, no-variance, control-value-zero); empty when 'ok'.
   */
  shortfalls: z.array(z.object({ caseIndex: z.number().int(), reason: z.string() })),
  cases: z.array(metricCaseResultSchema),
});
export type MetricResult = z.infer<typeof metricResultSchema>;

export const srmCheckSchema = z.object({
  /** Chi-square test of the exposed players per case against the version's weights; null without players. */
  pValue: z.number().min(0).max(1).nullable(),
  /** pValue below SRM_P_VALUE_THRESHOLD: the results should not be trusted. */
  isMismatch: z.boolean(),
  threshold: z.number(),
});

export const experimentResultsSchema = z.object({
  abTestId: z.string(),
  /** The version the results are of; null when the A/B-test has no version yet. */
  version: z.number().int().nullable(),
  source: resultsSourceSchema,
  method: resultsMethodSchema,
  /** How the intervals and p-values are computed, in words for the screen. */
  methodDescription: z.string(),
  /** The version's weights (millionths), by case index. */
  weights: z.array(z.number().int()),
  cases: z.array(z.object({ caseIndex: z.number().int(), players: z.number().int().min(0) })),
  players: z.number().int().min(0),
  srm: srmCheckSchema,
  metrics: z.array(metricResultSchema),
  /** The first and last UTC day (YYYY-MM-DD) with exposures; null without any. */
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  computed: z.number().int().describe('UTC milliseconds'),
});
export type ExperimentResults = z.infer<typeof experimentResultsSchema>;

export const decisionSchema = z.object({
  id: z.number().int(),
  abTestId: z.string(),
  version: z.number().int(),
  caseIndex: z.number().int(),
  note: z.string(),
  decidedBy: z.string(),
  decided: z.number().int().describe('UTC milliseconds'),
  /** The results as the operator saw them when deciding. */
  result: experimentResultsSchema,
});
export type Decision = z.infer<typeof decisionSchema>;
export const decisionListResponseSchema = z.array(decisionSchema);

// ---- the SQL data source ----

export const DATA_SOURCE_URL_MAX_LENGTH = 2000;
export const DATA_SOURCE_QUERY_MAX_LENGTH = 20_000;
export const MIN_STATEMENT_TIMEOUT_MS = 100;
export const MAX_STATEMENT_TIMEOUT_MS = 120_000;

const querySchema = (label: string) =>
  z
    .string({ error: `${label} must be a text` })
    .trim()
    .min(1, { error: `${label} must not be empty` })
    .max(DATA_SOURCE_QUERY_MAX_LENGTH, {
      error: `${label} must be at most ${DATA_SOURCE_QUERY_MAX_LENGTH} characters`,
    });

/**
 * /datasource/save: a PostgreSQL-compatible warehouse or read replica the results can be computed from,
 * read-only (SET TRANSACTION READ ONLY) under a statement timeout. Every query gets $1 the A/B-test id and
 * $2 the version. The exposures query answers rows (case_index, players); each metric's query answers
 * rows (case_index, sum, sum_squares) and, for a ratio, also (denominator_sum, denominator_sum_squares,
 * product_sum): the sufficient statistics over the exposed players of each case.
 */
export const saveDataSourceRequestSchema = z.object({
  url: z
    .string({ error: 'url must be a text' })
    .trim()
    .max(DATA_SOURCE_URL_MAX_LENGTH, {
      error: `url must be at most ${DATA_SOURCE_URL_MAX_LENGTH} characters`,
      abort: true,
    })
    .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'url must be a postgres:// or postgresql:// URL' }),
  exposuresQuery: querySchema('exposuresQuery'),
  metricQueries: boundedRecord(
    metricIdRefSchema,
    querySchema('each metric query'),
    MAX_METRICS_PER_ENVIRONMENT,
    {
      error: 'metricQueries must be an object of metric id to query',
      tooMany: `metricQueries has at most ${MAX_METRICS_PER_ENVIRONMENT} entries`,
    },
  ).default({}),
  statementTimeoutMs: z
    .number({ error: 'statementTimeoutMs must be a whole number' })
    .int({ error: 'statementTimeoutMs must be a whole number' })
    .min(MIN_STATEMENT_TIMEOUT_MS, {
      error: `statementTimeoutMs must be at least ${MIN_STATEMENT_TIMEOUT_MS}`,
    })
    .max(MAX_STATEMENT_TIMEOUT_MS, {
      error: `statementTimeoutMs must be at most ${MAX_STATEMENT_TIMEOUT_MS}`,
    })
    .default(10_000),
});
export type SaveDataSourceRequest = z.infer<typeof saveDataSourceRequestSchema>;
export type SaveDataSourceRequestInput = z.input<typeof saveDataSourceRequestSchema>;

/** The data source as saved; the URL's password is never answered (shown as ***). Null when none. */
export const dataSourceSchema = z
  .object({
    url: z.string(),
    exposuresQuery: z.string(),
    metricQueries: z.record(z.string(), z.string()),
    statementTimeoutMs: z.number().int(),
    modified: z.number().int().describe('UTC milliseconds'),
    lastModifier: z.string(),
  })
  .nullable();
export type DataSource = z.infer<typeof dataSourceSchema>;
