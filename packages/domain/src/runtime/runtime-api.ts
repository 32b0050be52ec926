import { z } from 'zod';
import { visibleIdentifier } from '../api/identifier-text.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';

// The game servers' read API. Authenticated by a per-environment runtime key
// (`Authorization: Bearer rk_...`), never by a session; a key reads its own environment only and
// never reaches /api. Answers follow the operator API's envelope: {"payload": ...} or {"error": "..."}.
// The server (apps/server features/runtime) and the SDK (packages/runtime-client) both use these.

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

const userIdSchema = visibleIdentifier(
  z
    .string({ error: 'userId must be a text' })
    .min(1, { error: 'userId must not be empty' })
    .max(64, { error: 'userId must be at most 64 characters' }),
  'userId',
);

/**
 * The segment properties of a player, keyed by the names /api/segment/property/list answers (UserId
 * is the player id itself). Any may be absent: a condition on an absent property does not match.
 */
export const playerContextSchema = z
  .object({
    Platform: z.string({ error: 'context.Platform must be a text' }).max(64),
    ClientVersion: z.string({ error: 'context.ClientVersion must be a text' }).max(64),
    FirstCountry: z.string({ error: 'context.FirstCountry must be a text' }).max(8),
    Payer: z.boolean({ error: 'context.Payer must be true or false' }),
    PurchaseCount: z.number({ error: 'context.PurchaseCount must be a number' }).int().min(0),
    PurchaseAmount: z.number({ error: 'context.PurchaseAmount must be a number' }).min(0),
  })
  .partial()
  .strict();
export type PlayerContext = z.infer<typeof playerContextSchema>;

/**
 * Sticky assignments a game server kept from earlier resolutions: A/B-test id → case index.
 * Sticky tests honour them (the player keeps case and membership); other types ignore them.
 */
export const stickyAssignmentsSchema = z.record(z.string().max(200), z.number().int().min(0)).optional();
export type StickyAssignments = z.infer<typeof stickyAssignmentsSchema>;

export const resolveRequestSchema = z.object({
  userId: userIdSchema,
  context: playerContextSchema.default({}),
  /** The player's level, compared with a configuration's minLevel; absent = level 1. */
  level: z.number({ error: 'level must be a number' }).int().min(0).max(1_000_000).optional(),
  /** UTC milliseconds; now when absent. */
  at: z.number({ error: 'at must be a number' }).int().min(0).max(253_402_300_799_999).optional(),
  assignments: stickyAssignmentsSchema,
  /** true: answer resolvePlayer's whole resolution, with why each entry did or did not apply. */
  explain: z.boolean({ error: 'explain must be true or false' }).optional(),
});
export type ResolveRequest = z.infer<typeof resolveRequestSchema>;

export const grantsPendingRequestSchema = z.object({ userId: userIdSchema });
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

export const grantsAckRequestSchema = z.object({
  ids: z
    .array(z.number({ error: 'ids must be numbers' }).int().min(1).max(MAX_STORED_INTEGER), {
      error: 'ids must be a list',
    })
    .min(1, { error: 'ids must not be empty' })
    .max(1000, { error: 'ids has at most 1000 entries' }),
});
/** Only the ids this call collected: give the player exactly these. */
export const grantsAckResponseSchema = z.object({ collected: z.array(z.number().int()) });

export const progressionGetRequestSchema = z.object({ userId: userIdSchema });
export const runtimeProgressionSchema = z
  .object({ level: z.number().int(), eoc: z.number().int(), streak: z.number().int() })
  .nullable();

export const appliedRequestSchema = z.object({
  /** A stable name of the game server instance (host and process), chosen by the game server. */
  instance: visibleIdentifier(
    z
      .string({ error: 'instance must be a text' })
      .min(1, { error: 'instance must not be empty' })
      .max(200, { error: 'instance must be at most 200 characters' }),
    'instance',
  ),
  revision: z.number({ error: 'revision must be a number' }).int().min(0).max(MAX_STORED_INTEGER),
});
export type AppliedRequest = z.infer<typeof appliedRequestSchema>;
