import { z } from 'zod';
import { ABTEST_ID_MAX_LENGTH } from '../abtest/abtest-id.ts';
import { MAX_CASE_COUNT } from '../abtest/weights.ts';
import { boundedArray } from '../api/bounded.ts';
import { visibleIdentifier } from '../api/identifier-text.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import { MAX_RESOLVE_AT_MS, MIN_RESOLVE_AT_MS, RUNTIME_API_PREFIX } from './runtime-api.ts';

// POST /runtime/v1/events: what game servers tell the console for A/B-test results, in batches. An
// exposure says a player was placed in a case of an A/B-test version (the SDK sends one per player, test
// and revision by itself); a metric event says the player did something a metric reads (a purchase with
// its amount, a session, a level won). Both carry an id chosen by the sender: sending the same id again
// stores nothing twice, so a batch that timed out can be sent again as it was.

export const RUNTIME_EVENTS_PATH = `${RUNTIME_API_PREFIX}/events`;

/** The most events one batch carries (the SDK sends at most this many per request). */
export const MAX_EVENTS_PER_BATCH = 1000;
export const EVENT_ID_MAX_LENGTH = 64;
export const EVENT_NAME_MAX_LENGTH = 64;
/** How far back an event's `at` may lie: later arrivals than this are refused (its day may be dropped soon). */
export const EVENT_MAX_AGE_DAYS = 7;
/** How far ahead of the console's clock an event's `at` may lie (game servers' clocks drift). */
export const EVENT_MAX_AHEAD_MS = 60 * 60 * 1000;
/** How long raw events are kept (whole UTC days); the per-day sufficient statistics are kept for ever. */
export const EVENT_RETENTION_DAYS = 90;
/** The most an event's value may be, either sign: far above any amount, so sums of squares stay exact enough. */
export const MAX_EVENT_VALUE = 1e9;

const requiredOr = (label: string, otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : `${label} ${otherwise}`;

/** A text identifier of 1 to `max` characters without invisible formatting. */
function identifierText(label: string, max: number) {
  return visibleIdentifier(
    z
      .string({ error: requiredOr(label, 'must be a text') })
      .min(1, { error: `${label} must not be empty` })
      .max(max, { error: `${label} must be at most ${max} characters`, abort: true }),
    label,
  );
}

/** An event name as a metric reads it: letters, digits, '_', '-', '.' and ':'. */
export const eventNameSchema = identifierText('event', EVENT_NAME_MAX_LENGTH).regex(/^[A-Za-z0-9_.:-]+$/, {
  error: "event may contain only letters, digits, '_', '-', '.' and ':'",
});

const atMessage = `at must be UTC milliseconds (a whole number from ${MIN_RESOLVE_AT_MS} to ${MAX_RESOLVE_AT_MS})`;
const atSchema = z
  .number({ error: requiredOr('at', `must be UTC milliseconds`) })
  .int({ error: atMessage })
  .min(MIN_RESOLVE_AT_MS, { error: atMessage })
  .max(MAX_RESOLVE_AT_MS, { error: atMessage })
  .describe(
    `When it happened, UTC milliseconds: at most ${EVENT_MAX_AGE_DAYS} days ago and at most an hour ahead of the console's clock`,
  );

const EXPOSURE_FIELDS = 'type, id, userId, abTestId, version, caseIndex, at';
const METRIC_FIELDS = 'type, id, userId, event, value, at';

function strictEvent<Shape extends z.core.$ZodLooseShape>(shape: Shape, fields: string) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.map((name) => `'${name}'`).join(', ')}: the event takes ${fields}`
        : undefined,
  });
}

export const exposureEventSchema = strictEvent(
  {
    type: z.literal('exposure'),
    id: identifierText('id', EVENT_ID_MAX_LENGTH).describe(
      'Chosen by the sender; the same id again is stored once',
    ),
    userId: identifierText('userId', 64),
    abTestId: identifierText('abTestId', ABTEST_ID_MAX_LENGTH),
    version: z
      .number({ error: requiredOr('version', 'must be a whole number of at least 0') })
      .int({ error: 'version must be a whole number of at least 0' })
      .min(0, { error: 'version must be a whole number of at least 0' })
      .max(MAX_STORED_INTEGER, { error: 'version is too large' })
      .describe("The A/B-test's version the player was resolved with (the snapshot's abTests[].version)"),
    caseIndex: z
      .number({ error: requiredOr('caseIndex', `must be a whole number from 0 to ${MAX_CASE_COUNT - 1}`) })
      .int({ error: `caseIndex must be a whole number from 0 to ${MAX_CASE_COUNT - 1}` })
      .min(0, { error: `caseIndex must be a whole number from 0 to ${MAX_CASE_COUNT - 1}` })
      .max(MAX_CASE_COUNT - 1, { error: `caseIndex must be a whole number from 0 to ${MAX_CASE_COUNT - 1}` })
      .describe('The case, 0-based (0 is the control, "Case 1")'),
    at: atSchema,
  },
  EXPOSURE_FIELDS,
);
export type ExposureEvent = z.infer<typeof exposureEventSchema>;

export const metricEventSchema = strictEvent(
  {
    type: z.literal('metric'),
    id: identifierText('id', EVENT_ID_MAX_LENGTH).describe(
      'Chosen by the sender; the same id again is stored once',
    ),
    userId: identifierText('userId', 64),
    event: eventNameSchema.describe('What happened (purchase, session, level_won): the event a metric reads'),
    value: z
      .number({ error: `value must be a number from -${MAX_EVENT_VALUE} to ${MAX_EVENT_VALUE}` })
      .min(-MAX_EVENT_VALUE, {
        error: `value must be a number from -${MAX_EVENT_VALUE} to ${MAX_EVENT_VALUE}`,
      })
      .max(MAX_EVENT_VALUE, {
        error: `value must be a number from -${MAX_EVENT_VALUE} to ${MAX_EVENT_VALUE}`,
      })
      .optional()
      .describe('The amount (revenue, seconds played); 1 when absent'),
    at: atSchema,
  },
  METRIC_FIELDS,
);
export type MetricEvent = z.infer<typeof metricEventSchema>;

export const runtimeEventSchema = z.discriminatedUnion('type', [exposureEventSchema, metricEventSchema], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? "type must be 'exposure' or 'metric'"
      : issue.code === 'invalid_type'
        ? `each event must be an object (${EXPOSURE_FIELDS}, or ${METRIC_FIELDS})`
        : undefined,
});
export type RuntimeEvent = z.infer<typeof runtimeEventSchema>;

export const eventsRequestSchema = z.strictObject(
  {
    events: boundedArray(runtimeEventSchema, MAX_EVENTS_PER_BATCH, {
      error: 'events must be a list of events',
      tooMany: `events must have at most ${MAX_EVENTS_PER_BATCH} items`,
    }).describe(`At most ${MAX_EVENTS_PER_BATCH} exposures and metric events, in any order`),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.map((name) => `'${name}'`).join(', ')}: the body takes events`
        : issue.code === 'invalid_type'
          ? 'the body must be a JSON object (events)'
          : undefined,
  },
);
export type EventsRequest = z.infer<typeof eventsRequestSchema>;

/** How many events the batch had, and how many of them were new (the rest had been received before). */
export const eventsResponseSchema = z.object({
  received: z.number().int().min(0),
  stored: z.number().int().min(0),
});
export type EventsResponse = z.infer<typeof eventsResponseSchema>;

/**
 * The check of `at` against the console's clock (a schema cannot know now): the message names the
 * event's field as a schema refusal does (`events.3.at: ...`), or null when every event's time is accepted.
 */
export function findEventTimeOutOfRange(events: readonly { at: number }[], now: number): string | null {
  const oldest = now - EVENT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
  for (const [index, event] of events.entries()) {
    if (event.at < oldest)
      return `events.${index}.at: at is more than ${EVENT_MAX_AGE_DAYS} days ago: the console no longer takes it`;
    if (event.at > now + EVENT_MAX_AHEAD_MS)
      return `events.${index}.at: at is more than an hour ahead of the console's clock`;
  }
  return null;
}
