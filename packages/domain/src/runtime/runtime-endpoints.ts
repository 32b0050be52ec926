import { z } from 'zod';
import { payloadOf } from '../api/envelope.ts';
import { ENVIRONMENT_ID_MAX_LENGTH } from '../environment.constants.ts';
import { changedPartsSchema } from './diff.ts';
import {
  EVENT_MAX_AGE_DAYS,
  EVENT_RETENTION_DAYS,
  eventsRequestSchema,
  eventsResponseSchema,
  MAX_EVENTS_PER_BATCH,
  RUNTIME_EVENTS_PATH,
} from './events.schemas.ts';
import { resolveAnswerSchema } from './resolution.schemas.ts';
import {
  appliedRequestSchema,
  grantsAckRequestSchema,
  grantsAckResponseSchema,
  grantsPendingRequestSchema,
  grantsPendingResponseSchema,
  progressionGetRequestSchema,
  RUNTIME_PATHS,
  resolveRequestSchema,
  runtimeProgressionSchema,
} from './runtime-api.ts';
import { runtimeSnapshotSchema } from './snapshot.ts';

// The game servers' calls, declared once like the operator calls of../endpoints, but kept
// apart from that table: they are GETs and POSTs under /runtime/v1, authenticated by a runtime key
// (never a session), and never under /api. The server registers them from these declarations, checks
// at start that the registered /runtime/v1 routes and these agree (method and path), and documents them
// in the OpenAPI document under the tag 'runtime' with the bearer scheme 'runtimeKey'.

export type RuntimeMethod = 'GET' | 'POST';

export interface RuntimeEndpoint {
  readonly method: RuntimeMethod;
  readonly path: string;
  readonly summary: string;
  /** The request body (POST); validated by the server. */
  readonly body?: z.ZodType;
  /** The 200 answer, as its media type carries it. */
  readonly response: z.ZodType;
  /** 'application/json' ({payload}) or 'text/event-stream' (the stream's event data). */
  readonly produces: 'application/json' | 'text/event-stream';
  /**
   * What it answers besides 200, and when (the OpenAPI document says so): the refusals of every runtime
   * call (RUNTIME_KEY_ANSWERS), of every call with a body (RUNTIME_BODY_ANSWERS), and its own. An error
   * answers {"error"}; 304 has no body.
   */
  readonly answers: Readonly<Record<number, string>>;
  /** Its query string (documented; checked by the runtime key check and the handler), `runtimeQuerySchema` when absent. */
  readonly query?: z.ZodObject;
  /** What its 200 answer holds, when the summary is not enough (the stream's events and lines). */
  readonly okDescription?: string;
  /** Request headers it reads, and response headers it sends, with what they mean. */
  readonly requestHeaders?: Readonly<Record<string, string>>;
  readonly responseHeaders?: Readonly<Record<string, string>>;
}

/** Every runtime call checks the key first, from memory. */
export const RUNTIME_KEY_ANSWERS = {
  401: 'No runtime key, an unknown one, or a revoked one: the game server must stop using it',
  403: '`?configuration=` names another environment than the key reads',
  429: 'Too many unknown runtime keys were presented; try again shortly',
  503: 'The key cannot be checked now (first use while the database is unreachable); try again shortly',
} as const;

/** Every runtime call with a JSON body: its body is checked before the handler. */
export const RUNTIME_BODY_ANSWERS = {
  400: 'The body is not valid: the message names the field',
  413: 'The body is larger than the console accepts (BODY_LIMIT_BYTES)',
  415: 'The body is not JSON (Content-Type: application/json)',
} as const;

/** A call answered from the environment's current revision in memory. */
const REVISION_ANSWERS = {
  404: 'The environment has no published revision yet',
  503: 'The console has not loaded the revisions yet (just started), or the key cannot be checked now; try again shortly',
} as const;

/** `?configuration=`: optional; when given it must name the key's own environment (403 otherwise). */
export const runtimeQuerySchema = z.object({
  configuration: z
    .string()
    .max(ENVIRONMENT_ID_MAX_LENGTH)
    .optional()
    .describe("The runtime key's environment; any other is refused with 403 (absent: the key's own)"),
});

/**
 * How many revisions back the stream can replay: a client whose Last-Event-ID is older (or unknown, or
 * absent) receives one reset event instead, for the current revision, saying everything changed.
 */
export const RUNTIME_REPLAY_REVISIONS = 50;

/**
 * The data of one `revision` event of the stream (its `id:` is the revision number). A change event
 * follows the revision before it (`previousRevision` = revision − 1) and says what changed; a client
 * receives one per revision, in order, also those it missed while disconnected (Last-Event-ID). A reset
 * event (`everythingChanged`: true, `previousRevision` and `changed` null) is sent instead when the
 * client's revision is not known or older than the kept history: refetch the snapshot and treat every
 * plugin, A/B-test and configuration as changed.
 */
export const runtimeRevisionEventSchema = z.object({
  revision: z.number().int().min(1),
  /** The revision's content hash (the snapshot's `hash`). */
  hash: z.string(),
  /** The revision this event's changes are relative to; null on a reset event. */
  previousRevision: z.number().int().min(0).nullable(),
  /** What changed from previousRevision (plugin names, A/B-test and configuration ids); null on a reset event. */
  changed: changedPartsSchema.nullable(),
  /** True on a reset event: the client's revision is not known here; everything may have changed. */
  everythingChanged: z.boolean(),
});
export type RuntimeRevisionEvent = z.infer<typeof runtimeRevisionEventSchema>;

/** The SSE comment line a stream sends every RUNTIME_HEARTBEAT_MS so proxies keep it open. */
export const RUNTIME_HEARTBEAT_COMMENT = ': heartbeat';
export const RUNTIME_HEARTBEAT_MS = 15_000;

export const runtimeEndpoints = {
  snapshot: {
    method: 'GET',
    path: RUNTIME_PATHS.snapshot,
    summary:
      "The environment's current revision, with ETag (Cache-Control: no-cache). Send If-None-Match with " +
      'the ETag you hold: 304 without a body while it is current. gzip or br with Accept-Encoding',
    response: payloadOf(runtimeSnapshotSchema),
    produces: 'application/json',
    answers: {
      304: 'If-None-Match names the current revision: no body',
      ...RUNTIME_KEY_ANSWERS,
      ...REVISION_ANSWERS,
    },
    requestHeaders: {
      'If-None-Match': 'The ETag of the snapshot held: 304 while it is current',
      'Accept-Encoding': 'gzip or br: the snapshot is sent compressed',
    },
    responseHeaders: {
      ETag: 'Names the revision (and its coding); send it back as If-None-Match',
      'Cache-Control': 'no-cache: check with the ETag before reusing',
      'Content-Encoding': 'gzip or br, when Accept-Encoding allowed it',
    },
  },
  resolve: {
    method: 'POST',
    path: RUNTIME_PATHS.resolve,
    summary:
      'What one player receives now (or at `at`, UTC ms), resolved from the current revision by resolvePlayer, ' +
      'the function the SDK runs locally. `context` is keyed by the segment property names of ' +
      '/api/segment/property/list (Platform, ClientVersion, FirstCountry, Payer, PurchaseCount, ' +
      'PurchaseAmount), any may be absent; `level` defaults to 1; `assignments` carries sticky cases back. ' +
      'Per plugin: the outcome, configuration, deciding A/B-test and case (`kind: "receipt"`); `explain: true` ' +
      'answers the whole resolution instead, with why each earlier entry did not apply (`kind: "explanation"`)',
    body: resolveRequestSchema,
    response: payloadOf(resolveAnswerSchema),
    produces: 'application/json',
    answers: { ...RUNTIME_KEY_ANSWERS, ...RUNTIME_BODY_ANSWERS, ...REVISION_ANSWERS },
  },
  stream: {
    method: 'GET',
    path: RUNTIME_PATHS.stream,
    summary:
      'Server-Sent Events: one `revision` event (id: the revision) per published revision, in order, with ' +
      'what changed since the revision before; a heartbeat comment every 15 s. On connect with ' +
      'Last-Event-ID (header, or ?lastEventId=) every later revision is replayed in order (up to ' +
      `${RUNTIME_REPLAY_REVISIONS} back); without it, or when it is older or unknown, one reset event for ` +
      'the current revision says everything changed and the snapshot must be fetched again',
    response: runtimeRevisionEventSchema,
    produces: 'text/event-stream',
    answers: {
      ...RUNTIME_KEY_ANSWERS,
      429:
        'Too many unknown runtime keys were presented, or this key holds its maximum of live streams ' +
        '(RUNTIME_MAX_STREAMS_PER_KEY); try again shortly',
    },
    query: runtimeQuerySchema.extend({
      lastEventId: z
        .string()
        .optional()
        .describe(
          'The last revision received, for clients that cannot send the Last-Event-ID header (an EventSource ' +
            'in a browser); the header wins when both are given. Digits only, else ignored (a reset event)',
        ),
    }),
    okDescription:
      'Server-Sent Events (text/event-stream), UTF-8 lines: first `retry: 2000` (reconnect after 2 s). Then ' +
      '`event: revision` frames, `id:` the revision and `data:` one JSON object of the schema below: a change ' +
      'event (`previousRevision` = revision − 1, `changed` lists what changed) per revision in order, or a ' +
      'reset event (`everythingChanged: true`, `previousRevision` and `changed` null: fetch the snapshot ' +
      `again). A \`${RUNTIME_HEARTBEAT_COMMENT}\` comment line every ${RUNTIME_HEARTBEAT_MS / 1000} s keeps ` +
      'proxies from closing it; ignore it. When the console shuts down the stream ends with `retry: N` ' +
      '(250 to 2000 ms, spread) and `event: closing`, `data: {"reason":"server shutting down"}`: reconnect ' +
      'after N ms with Last-Event-ID (or ?lastEventId=) and another replica goes on where this one stopped. ' +
      "A revoked key's stream ends without an event; its reconnect is refused 401",
    requestHeaders: {
      'Last-Event-ID': 'The last revision received: the stream goes on from there (or ?lastEventId=)',
    },
  },
  grantsPending: {
    method: 'POST',
    path: RUNTIME_PATHS.grantsPending,
    summary: "The player's compensation grants not yet collected",
    body: grantsPendingRequestSchema,
    response: payloadOf(grantsPendingResponseSchema),
    produces: 'application/json',
    answers: { ...RUNTIME_KEY_ANSWERS, ...RUNTIME_BODY_ANSWERS },
  },
  grantsAck: {
    method: 'POST',
    path: RUNTIME_PATHS.grantsAck,
    summary:
      'Marks grants collected and answers the ids this call collected: give the player exactly these ' +
      '(acknowledging again, or concurrently, collects nothing twice)',
    body: grantsAckRequestSchema,
    response: payloadOf(grantsAckResponseSchema),
    produces: 'application/json',
    answers: { ...RUNTIME_KEY_ANSWERS, ...RUNTIME_BODY_ANSWERS },
  },
  progressionGet: {
    method: 'POST',
    path: RUNTIME_PATHS.progressionGet,
    summary: "The player's progression as an operator set it (level, eoc, streak), or null",
    body: progressionGetRequestSchema,
    response: payloadOf(runtimeProgressionSchema),
    produces: 'application/json',
    answers: { ...RUNTIME_KEY_ANSWERS, ...RUNTIME_BODY_ANSWERS },
  },
  applied: {
    method: 'POST',
    path: RUNTIME_PATHS.applied,
    summary:
      'A game server instance reports the revision it applied (at least every minute): the Connections ' +
      'screen shows which revision every game server runs',
    body: appliedRequestSchema,
    response: payloadOf(appliedRequestSchema),
    produces: 'application/json',
    answers: { ...RUNTIME_KEY_ANSWERS, ...RUNTIME_BODY_ANSWERS },
  },
  events: {
    method: 'POST',
    path: RUNTIME_EVENTS_PATH,
    summary:
      `A batch of at most ${MAX_EVENTS_PER_BATCH} exposures ({type: "exposure", id, userId, abTestId, version, ` +
      'caseIndex, at}) and metric events ({type: "metric", id, userId, event, value?, at}) for A/B-test ' +
      'results. Idempotent per event id (sending a batch again stores nothing twice); the whole batch is ' +
      `stored or, refused, none of it. \`at\` at most ${EVENT_MAX_AGE_DAYS} days ago and an hour ahead; raw ` +
      `events are kept ${EVENT_RETENTION_DAYS} days, their per-day statistics for good`,
    body: eventsRequestSchema,
    response: payloadOf(eventsResponseSchema),
    produces: 'application/json',
    answers: {
      ...RUNTIME_KEY_ANSWERS,
      ...RUNTIME_BODY_ANSWERS,
      400: 'The body is not valid (the message names the event and field: `events[3].userId`); nothing was stored',
      429:
        'Too many unknown runtime keys were presented, or this key sends more events a second than the console ' +
        'takes (RUNTIME_EVENTS_PER_SECOND_PER_KEY); nothing was stored: send the batch again after a backoff',
    },
  },
} as const satisfies Record<string, RuntimeEndpoint>;

/** What the server must register under /runtime/v1: it refuses to start otherwise. */
export const RUNTIME_ENDPOINTS: readonly RuntimeEndpoint[] = Object.values(runtimeEndpoints);
