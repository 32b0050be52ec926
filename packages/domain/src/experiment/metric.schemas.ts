import { z } from 'zod';
import { unreservedIdentifier } from '../api/identifier-text.ts';
import { eventNameSchema } from '../runtime/events.schemas.ts';
import { METRIC_KINDS } from '../statistics/statistics.schemas.ts';

// Metrics: what an A/B-test's results measure, defined per environment by operators. A metric reads the
// metric events game servers send (POST /runtime/v1/events) under one event name:
// - conversion: did the exposed player have the event within `conversionWindowDays` of their first exposure
//   (the share of exposed players who did);
// - mean: the sum of the event's values per exposed player (value 1 when absent: a count per player);
// - revenue: as mean, of amounts (the sum of the event's values per exposed player);
// - ratio: the sum of the event's values over the sum of `denominatorEvent`'s values, over exposed players.
// What a metric measures (kind, events, window) is fixed when it is created (docs/decisions/0158, A/B-test
// results): its sufficient statistics are kept from then on as events arrive.

/**
 * The kinds, as the statistics define them (their plain-zod shapes, not the computations, so the barrel
 * stays free of the distribution library); named apart, since the statistics' names stay out of the barrel.
 */
export const ALL_METRIC_KINDS = METRIC_KINDS;
export const metricKindFieldSchema = z.enum(ALL_METRIC_KINDS, {
  error: "kind must be 'conversion', 'mean', 'ratio' or 'revenue'",
});
export type MetricKind = z.infer<typeof metricKindFieldSchema>;

export const METRIC_ID_MAX_LENGTH = 36;
export const METRIC_NAME_MAX_LENGTH = 100;
export const MAX_CONVERSION_WINDOW_DAYS = 90;
export const DEFAULT_CONVERSION_WINDOW_DAYS = 7;
/** The most metrics an environment keeps unarchived (the results compute every one of them). */
export const MAX_METRICS_PER_ENVIRONMENT = 50;

/** A new metric's id: letters, digits, '-' and '_', as an A/B-test's. */
export const metricIdSchema = unreservedIdentifier(
  z
    .string({ error: 'metric id must be a text' })
    .min(1, { error: 'metric id must not be empty' })
    .max(METRIC_ID_MAX_LENGTH, {
      error: `metric id must be at most ${METRIC_ID_MAX_LENGTH} characters`,
      abort: true,
    })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'metric id may contain only letters, digits, - and _' }),
  'metric id',
);

/** An id naming an existing metric: an id that cannot exist is answered "not found", not a 400. */
export const metricIdRefSchema = z
  .string({ error: 'metric id must be a text' })
  .min(1, { error: 'metric id must not be empty' })
  .max(METRIC_ID_MAX_LENGTH, { error: `metric id must be at most ${METRIC_ID_MAX_LENGTH} characters` });

const metricNameSchema = z
  .string({ error: 'name must be a text' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(METRIC_NAME_MAX_LENGTH, { error: `name must be at most ${METRIC_NAME_MAX_LENGTH} characters` });

const conversionWindowSchema = z
  .number({ error: `conversionWindowDays must be a whole number from 1 to ${MAX_CONVERSION_WINDOW_DAYS}` })
  .int({ error: `conversionWindowDays must be a whole number from 1 to ${MAX_CONVERSION_WINDOW_DAYS}` })
  .min(1, { error: `conversionWindowDays must be a whole number from 1 to ${MAX_CONVERSION_WINDOW_DAYS}` })
  .max(MAX_CONVERSION_WINDOW_DAYS, {
    error: `conversionWindowDays must be a whole number from 1 to ${MAX_CONVERSION_WINDOW_DAYS}`,
  });

const higherIsBetterSchema = z.boolean({ error: 'higherIsBetter must be true or false' });
const guardrailSchema = z.boolean({ error: 'guardrail must be true or false' });

// ---- requests ----

/**
 * /metric/create. `denominatorEvent` is required for a ratio and refused otherwise; `conversionWindowDays`
 * belongs to a conversion (DEFAULT_CONVERSION_WINDOW_DAYS when absent) and is refused otherwise.
 */
export const createMetricRequestSchema = z
  .object({
    id: metricIdSchema,
    name: metricNameSchema,
    kind: metricKindFieldSchema,
    event: eventNameSchema,
    denominatorEvent: eventNameSchema.optional(),
    conversionWindowDays: conversionWindowSchema.optional(),
    higherIsBetter: higherIsBetterSchema.default(true),
    guardrail: guardrailSchema.default(false),
  })
  .superRefine((metric, context) => {
    if (metric.kind === 'ratio' && metric.denominatorEvent === undefined)
      context.addIssue({
        code: 'custom',
        path: ['denominatorEvent'],
        message: 'denominatorEvent is required for a ratio metric',
      });
    if (metric.kind !== 'ratio' && metric.denominatorEvent !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['denominatorEvent'],
        message: 'denominatorEvent is only for a ratio metric',
      });
    if (metric.kind !== 'conversion' && metric.conversionWindowDays !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['conversionWindowDays'],
        message: 'conversionWindowDays is only for a conversion metric',
      });
  });
export type CreateMetricRequest = z.infer<typeof createMetricRequestSchema>;
export type CreateMetricRequestInput = z.input<typeof createMetricRequestSchema>;

/** /metric/save: what can change once events are counted (omitted fields are left alone). */
export const saveMetricRequestSchema = z.object({
  id: metricIdRefSchema,
  name: metricNameSchema.optional(),
  higherIsBetter: higherIsBetterSchema.optional(),
  guardrail: guardrailSchema.optional(),
});
export type SaveMetricRequest = z.infer<typeof saveMetricRequestSchema>;

/** /metric/archive: archived (true) stops counting it and leaves it out of results; false restores it. */
export const archiveMetricRequestSchema = z.object({
  id: metricIdRefSchema,
  archived: z.boolean({ error: 'archived must be true or false' }).default(true),
});
export type ArchiveMetricRequest = z.infer<typeof archiveMetricRequestSchema>;

/** /metric/list: no body, or {includeArchived: true} to list archived metrics too. */
export const metricListRequestSchema = z
  .object({ includeArchived: z.boolean({ error: 'includeArchived must be true or false' }).optional() })
  .nullish();
export type MetricListRequestInput = z.input<typeof metricListRequestSchema>;

export const metricIdRequestSchema = z.object({ id: metricIdRefSchema });

// ---- responses ----

const utcMillisSchema = z.number().int().describe('UTC milliseconds');

export const metricSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: metricKindFieldSchema,
  event: z.string(),
  /** Ratio metrics only; null otherwise. */
  denominatorEvent: z.string().nullable(),
  /** Conversion metrics only; null otherwise. */
  conversionWindowDays: z.number().int().nullable(),
  higherIsBetter: z.boolean(),
  guardrail: z.boolean(),
  archived: z.boolean(),
  created: utcMillisSchema,
  modified: utcMillisSchema,
  lastModifier: z.string(),
});
export type Metric = z.infer<typeof metricSchema>;

export const metricListResponseSchema = z.array(metricSchema);
