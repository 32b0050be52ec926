import { z } from 'zod';
import { boundedRecord, lengthCheckedFirst } from '../api/bounded.ts';
import { visibleIdentifier } from '../api/identifier-text.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';

// The game servers' read API. Authenticated by a per-environment runtime key
// (`Authorization: Bearer rk_...`), never by a session; a key reads its own environment only and
// never reaches /api. Answers follow the operator API's envelope: {"payload": ...} or {"error": "..."}.
// The server (apps/server features/delivery) and the SDK (packages/runtime-client) both use these.

export const RUNTIME_API_PREFIX = '/runtime/v1';
export const RUNTIME_PATHS = {
  /** GET: the current revision ({payload: RuntimeSnapshot}); ETag, If-None-Match → 304. */
  snapshot: `${RUNTIME_API_PREFIX}/snapshot`,
  /** POST resolveRequestSchema: what one player receives now (or at `at`). */
  resolve: `${RUNTIME_API_PREFIX}/resolve`,
  /** GET: Server-Sent Events, one `revision` event per published revision; Last-Event-ID replays. */
  stream: `${RUNTIME_API_PREFIX}/stream`,
  /** POST {userId}: compensation grants not yet collected. */
  grantsPending: `${RUNTIME_API_PREFIX}/grants/pending`,
  /** POST {ids}: marks grants collected; answers the ids this call collected (each is collected once). */
  grantsAck: `${RUNTIME_API_PREFIX}/grants/ack`,
  /** POST {userId}: the player's progression as set by an operator, or null. */
  progressionGet: `${RUNTIME_API_PREFIX}/progression/get`,
  /** POST {instance, revision}: the revision a game server instance has applied (pickup confirmation). */
  applied: `${RUNTIME_API_PREFIX}/applied`,
} as const;

/** The SSE event name of a published revision; its `id:` is the revision number. */
export const RUNTIME_REVISION_EVENT = 'revision';

/** The highest player level a resolution takes. */
export const MAX_PLAYER_LEVEL = 1_000_000;
/** `at` bounds: UTC milliseconds from 2000-01-01 to 9999-12-31 (a time in seconds falls below). */
export const MIN_RESOLVE_AT_MS = Date.UTC(2000, 0, 1);
export const MAX_RESOLVE_AT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** `label is required` when absent, else `label <otherwise>`. */
const requiredOr = (label: string, otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : `${label} ${otherwise}`;

/** A whole number in [min, max]; every way of missing it says the same: what the field must be. */
function wholeNumberIn(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z
    .number({ error: requiredOr(label, `must be a whole number from ${min} to ${max}`) })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/**
 * A runtime body: an object whose unknown top-level fields are refused, naming them, so a misspelt
 * field (`assignment`, `explian`) is a 400 instead of silently doing without it.
 */
function runtimeBody<Shape extends z.core.$ZodLooseShape>(shape: Shape, what = 'the body') {
  const fields = Object.keys(shape).join(', ');
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys') {
        const names = issue.keys.map((name) => `'${name}'`).join(', ');
        const noun = issue.keys.length === 1 ? 'field' : 'fields';
        return `unknown ${noun} ${names}: ${what} takes ${fields}`;
      }
      return issue.code === 'invalid_type' ? `${what} must be a JSON object (${fields})` : undefined;
    },
  });
}

/**
 * A text of at most `max` UTF-16 code units, the way v1/README.md and the hand check
 * (resolve-request-check.ts) count a length; zod's own max counts code points, and stays for the
 * documented maxLength (it never refuses first: code points are never more than code units).
 */
function atMostUnits(schema: z.ZodString, max: number, error?: string): z.ZodString {
  const message = error ?? `Too big: expected string to have <=${max} characters`;
  return schema
    .max(max, { error: message, abort: true })
    .refine((text) => text.length <= max, { error: message });
}

const userIdSchema = visibleIdentifier(
  atMostUnits(
    z.string({ error: requiredOr('userId', 'must be a text') }).min(1, { error: 'userId must not be empty' }),
    64,
    'userId must be at most 64 characters',
  ),
  'userId',
);

/**
 * The segment properties of a player, keyed by the names /api/segment/property/list answers (UserId
 * is the player id itself). Any may be absent: a condition on an absent property does not match.
 */
export const playerContextSchema = runtimeBody(
  {
    Platform: atMostUnits(z.string({ error: 'context.Platform must be a text' }), 64).optional(),
    ClientVersion: atMostUnits(z.string({ error: 'context.ClientVersion must be a text' }), 64).optional(),
    FirstCountry: atMostUnits(z.string({ error: 'context.FirstCountry must be a text' }), 8).optional(),
    Payer: z.boolean({ error: 'context.Payer must be true or false' }).optional(),
    PurchaseCount: wholeNumberIn('context.PurchaseCount', 0, MAX_STORED_INTEGER).optional(),
    PurchaseAmount: z
      .number({ error: 'context.PurchaseAmount must be a number of at least 0' })
      .min(0, { error: 'context.PurchaseAmount must be a number of at least 0' })
      .optional(),
  },
  'context',
);
export type PlayerContext = z.infer<typeof playerContextSchema>;

/** The largest case index an assignment may name (far above any test's case count). */
const MAX_CASE_INDEX = 1000;
/** The most sticky assignments a body may carry (one per A/B-test: far more than an environment has). */
export const MAX_ASSIGNMENTS = 1000;

/**
 * Sticky assignments a game server kept from earlier resolutions: A/B-test id → case index.
 * Sticky tests honour them (the player keeps case and membership); other types ignore them.
 */
export const stickyAssignmentsSchema = boundedRecord(
  atMostUnits(z.string(), 200, 'assignments: an A/B-test id has at most 200 characters'),
  wholeNumberIn('a case index of assignments', 0, MAX_CASE_INDEX),
  MAX_ASSIGNMENTS,
  {
    error: 'assignments must be an object of A/B-test id to case index',
    tooMany: `assignments has at most ${MAX_ASSIGNMENTS} A/B-tests`,
  },
).optional();
export type StickyAssignments = z.infer<typeof stickyAssignmentsSchema>;

/** Seconds where milliseconds were meant: the same range divided by 1000. */
const looksLikeSeconds = (value: number) =>
  value >= MIN_RESOLVE_AT_MS / 1000 && value <= MAX_RESOLVE_AT_MS / 1000;

const atMessage = (issue: { input?: unknown }) => {
  const range =
    `at must be UTC milliseconds (a whole number from ${MIN_RESOLVE_AT_MS}, 2000-01-01, ` +
    `to ${MAX_RESOLVE_AT_MS}, 9999-12-31)`;
  return typeof issue.input === 'number' && looksLikeSeconds(issue.input)
    ? `${range}; ${issue.input} looks like seconds: multiply it by 1000`
    : range;
};

/** The OpenAPI document's descriptions of the resolve body's fields: units and what absent means. */
const RESOLVE_FIELDS = {
  level: "The player's level, compared with each configuration's minLevel (60 unless set); 1 when absent",
  at: 'UTC milliseconds (not seconds) the player is resolved at; now when absent',
} as const;

export const resolveRequestSchema = runtimeBody({
  userId: userIdSchema,
  context: playerContextSchema.default({}),
  /** The player's level, compared with a configuration's minLevel; absent = level 1. */
  level: wholeNumberIn('level', 1, MAX_PLAYER_LEVEL).optional().describe(RESOLVE_FIELDS.level),
  /** UTC milliseconds; now when absent. */
  at: z
    .number({ error: atMessage })
    .int({ error: atMessage })
    .min(MIN_RESOLVE_AT_MS, { error: atMessage })
    .max(MAX_RESOLVE_AT_MS, { error: atMessage })
    .optional()
    .describe(RESOLVE_FIELDS.at),
  assignments: stickyAssignmentsSchema,
  /** true: answer resolvePlayer's whole resolution, with why each entry did or did not apply. */
  explain: z.boolean({ error: 'explain must be true or false' }).optional(),
});
export type ResolveRequest = z.infer<typeof resolveRequestSchema>;

export const grantsPendingRequestSchema = runtimeBody({ userId: userIdSchema });
export const pendingGrantSchema = z.object({
  id: z.number().int(),
  /** Consumable name, e.g. 'Coin' */
  item: z.string(),
  amount: z.number().int(),
  /** ISO 8601 */
  created: z.string(),
});
export type PendingGrant = z.infer<typeof pendingGrantSchema>;
export const grantsPendingResponseSchema = z.array(pendingGrantSchema);

export const grantsAckRequestSchema = runtimeBody({
  ids: lengthCheckedFirst(
    z
      .array(wholeNumberIn('each of ids', 1, MAX_STORED_INTEGER), {
        error: requiredOr('ids', 'must be a list of grant ids'),
      })
      .min(1, { error: 'ids must not be empty' })
      .max(1000, { error: 'ids has at most 1000 entries' }),
    1000,
    'ids has at most 1000 entries',
  ),
});
/** Only the ids this call collected: give the player exactly these. */
export const grantsAckResponseSchema = z.object({ collected: z.array(z.number().int()) });

export const progressionGetRequestSchema = runtimeBody({ userId: userIdSchema });
export const runtimeProgressionSchema = z
  .object({ level: z.number().int(), eoc: z.number().int(), streak: z.number().int() })
  .nullable();

export const appliedRequestSchema = runtimeBody({
  /** A stable name of the game server instance (host and process), chosen by the game server. */
  instance: visibleIdentifier(
    z
      .string({ error: requiredOr('instance', 'must be a text') })
      .min(1, { error: 'instance must not be empty' })
      .max(200, { error: 'instance must be at most 200 characters', abort: true }),
    'instance',
  ),
  /** A revision the environment published (the server refuses any other). */
  revision: wholeNumberIn('revision', 1, MAX_STORED_INTEGER),
});
export type AppliedRequest = z.infer<typeof appliedRequestSchema>;
