import type {
  PendingGrant,
  PlayerExplanation,
  PlayerReceipt,
  ResolveAnswer,
  RuntimeRevisionEvent,
  RuntimeSnapshot,
  resolveRequestSchema,
  runtimeProgressionSchema,
} from '@console/domain/runtime';
import type { z } from 'zod';
import type { BackoffOptions } from './backoff.ts';
import type { EventCounts, EventSendingOptions } from './event-sender.ts';
import type { RuntimeApiError } from './runtime-error.ts';
import type { FetchFunction } from './runtime-http.ts';

// The game server's view of the SDK, shared by the client that talks to the console
// (runtime-client.ts) and the in-memory one for game-server unit tests (test-client.ts).

/** What POST /runtime/v1/resolve takes: `{userId, context?, level?, at?, assignments?, explain?}`. */
export type ResolveRequest = z.input<typeof resolveRequestSchema>;

/** Where messages go; `console` fits, so do pino and most loggers. */
export interface RuntimeLogger {
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
  info?(message: string, ...details: unknown[]): void;
  debug?(message: string, ...details: unknown[]): void;
}

export interface RevisionChange {
  snapshot: RuntimeSnapshot;
  revision: number;
  /** The revision held before, null for the first snapshot. */
  previousRevision: number | null;
  /** 'bootstrap': the `bootstrap` option or the snapshot file, served until the console answers. */
  source: 'console' | 'bootstrap';
  /**
   * What each revision from previousRevision to this one changed, in order, as the console's stream told
   * it (also the revisions missed while disconnected, which the console replays). Null when that is not
   * known (the first snapshot, a bootstrap, a reset event, a revision found by the safety refetch): then
   * treat every plugin, A/B-test and configuration as changed.
   */
  changes: RuntimeRevisionEvent[] | null;
}

/**
 * A player placed in a case of an A/B-test that decided what a plugin gives them: told once per player
 * and test per revision, for the game's analytics (the first plugin the test decided is named).
 */
export interface Exposure {
  userId: string;
  abTestId: string;
  /** The A/B-test's version that placed the player (its current one in the revision). */
  version: number | null;
  caseIndex: number;
  /** The plugin's name, e.g. GOLD_RUSH. */
  plugin: string;
  /** The revision the player was resolved with. */
  revision: number;
  /** When the player was resolved (UTC ms: the request's `at`, or now). */
  at: number;
}

export type RuntimeProgression = z.output<typeof runtimeProgressionSchema>;

export interface RuntimeClientEvents {
  revision: RevisionChange;
  /** A failure: handled by the client itself (it retries), or the reason it stopped. */
  error: RuntimeApiError;
  /** The stream is open (true) or was lost and is being reopened (false). */
  connection: boolean;
  exposure: Exposure;
  /**
   * The console refused the key (revoked: 401, or not this environment's: 403): the client stopped
   * following the console for good and keeps serving its last snapshot. Create a client with a valid key.
   */
  stopped: RuntimeApiError;
}

export interface StartOptions {
  /**
   * How long start() waits for the console's first snapshot (ms, default 30 s; Infinity waits for ever).
   * Without a bootstrap it then rejects and closes the client; with one it resolves with the bootstrap
   * and keeps trying in the background.
   */
  timeoutMs?: number;
}

export interface RuntimeClientOptions {
  /** The console's base URL, e.g. https://console.example.com */
  url: string;
  /** The environment's runtime key (rk_...): it decides the environment. */
  key: string;
  /** This game server's name in the console's list of game servers; hostname:pid by default. */
  instance?: string;
  /** Replaces the global fetch (a proxy agent, instrumentation). */
  fetch?: FetchFunction;
  /** Defaults to console (warnings and errors only). */
  logger?: RuntimeLogger;
  /** A snapshot to serve when the console cannot be reached at start (e.g. shipped with the build). */
  bootstrap?: RuntimeSnapshot;
  /**
   * A file the client writes every revision it gets from the console to, and reads at start as the
   * bootstrap when the `bootstrap` option is not given: a restart while the console is down serves the
   * last revision this server saw. Its directory must exist.
   */
  snapshotFile?: string;
  /** Called after each new revision was applied. */
  onRevision?: (change: RevisionChange) => void;
  /** Called with every failure the client handles by itself (it retries), and with the reason it stopped. */
  onError?: (error: RuntimeApiError) => void;
  /** Called once per player and A/B-test per revision when resolve() places the player in a case. */
  onExposure?: (exposure: Exposure) => void;
  /** How many (player, test) pairs the exposure deduplication remembers per revision; default 100,000. */
  exposureCacheSize?: number;
  /**
   * Exposures (one per player and A/B-test per revision, as onExposure is told) and track()'s events are
   * sent to the console for A/B-test results, in batches, without ever holding up resolve(); see
   * EventSendingOptions for the queue, the batches, and `enabled: false`.
   */
  events?: EventSendingOptions;
  /** The safety refetch (304 when nothing changed), in case an announcement was missed; ms, default 30 s. */
  refreshIntervalMs?: number;
  /** A stream silent this long (no event, no heartbeat) is considered dead and reopened; ms, default 60 s. */
  streamIdleTimeoutMs?: number;
  /** How often the applied revision is reported even when nothing changed; ms, default 60 s. */
  reportIntervalMs?: number;
  /** One request's time limit (not the stream's); ms, default 10 s. */
  requestTimeoutMs?: number;
  /** Reconnection delays of the stream and of the first fetch. */
  backoff?: Partial<BackoffOptions>;
}

export interface RuntimeClient {
  /**
   * Serves the bootstrap (option or snapshot file) if there is one, fetches the console's snapshot, then
   * follows the stream. Resolves with the snapshot being served. Rejects, and closes the client, when
   * the console refuses the key, or when no snapshot arrived within `timeoutMs` and there is no
   * bootstrap, or when close() is called first. Calling it again answers the same promise.
   */
  start(options?: StartOptions): Promise<RuntimeSnapshot>;
  /** The revision being served, null before the first one. */
  readonly snapshot: RuntimeSnapshot | null;
  readonly revision: number | null;
  /** Whether the revision stream is open right now. */
  readonly isConnected: boolean;
  /** Why the client stopped for good (the console refused its key), or null. */
  readonly stoppedBy: RuntimeApiError | null;
  /** This game server instance's name as reported to the console. */
  readonly instance: string;
  /**
   * What the player receives under the current revision, computed locally: the same answer as
   * POST /runtime/v1/resolve with the same body (a receipt; the whole explanation when `explain` is true).
   * `at` defaults to now (UTC ms); pass back the answer's `assignments` to keep sticky cases.
   */
  resolve(request: ResolveRequest & { explain: true }): PlayerExplanation;
  resolve(request: ResolveRequest & { explain?: false | undefined }): PlayerReceipt;
  resolve(request: ResolveRequest): ResolveAnswer;
  /** Fetches the snapshot now (304 when unchanged) and applies it if it is newer. */
  refresh(): Promise<RuntimeSnapshot | null>;
  grants: {
    /** The player's compensation grants not collected yet. */
    pending(userId: string): Promise<PendingGrant[]>;
    /** Collects grants; answers only the ids this call collected: give the player exactly those. */
    ack(ids: number[]): Promise<{ collected: number[] }>;
  };
  /** The player's progression as set by an operator, or null. */
  progression(userId: string): Promise<RuntimeProgression>;
  /**
   * Records that the player did something a metric reads (`event`: purchase, session, ...) with its
   * amount (`value`, 1 when absent), sent with the exposures; returns at once. Throws a RangeError naming
   * the argument for a userId, event or value the console would refuse.
   */
  track(userId: string, event: string, value?: number): void;
  /** Sends the queued exposures and events now; resolves when they are sent (close() does it too). */
  flushEvents(): Promise<void>;
  /** The exposures and events queued, sent and dropped so far. */
  readonly eventCounts: EventCounts;
  /** Tells the console which revision this instance runs (done after every revision by itself). */
  reportApplied(): Promise<void>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof RuntimeClientEvents>(
    event: E,
    listener: (value: RuntimeClientEvents[E]) => void,
  ): () => void;
  /**
   * Sends the queued events (for up to `events.closeTimeoutMs`), stops the stream and the timers; the last
   * snapshot stays readable and resolve() keeps working.
   */
  close(): Promise<void>;
}
