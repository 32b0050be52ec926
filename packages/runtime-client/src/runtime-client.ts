import { hostname } from 'node:os';
import {
  appliedRequestSchema,
  GAME_SERVER_REPORT_INTERVAL_MS,
  grantsAckResponseSchema,
  grantsPendingResponseSchema,
  type PendingGrant,
  type PlayerResolution,
  type ResolvePlayerInput,
  RUNTIME_PATHS,
  type RuntimeSnapshot,
  resolvePlayer,
  runtimeProgressionSchema,
} from '@console/domain';
import type { z } from 'zod';
import { type BackoffOptions, computeBackoffDelay, DEFAULT_BACKOFF, sleep } from './backoff.ts';
import { followRevisionStream } from './revision-stream.ts';
import { RuntimeApiError } from './runtime-error.ts';
import { createRuntimeHttp, type FetchFunction } from './runtime-http.ts';

// SDK: a game server's view of its environment. It holds the current revision of the
// runtime snapshot (fetched with ETag, refetched when the stream announces a revision and now and then
// for safety), resolves players locally with the domain's resolvePlayer (the one implementation the
// server runs too), reports the revision it applied, and keeps serving the last snapshot while the
// console is unreachable.

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
}

export interface RuntimeClientOptions {
  /** The console's base URL, e.g. https://console.example.com */
  url: string;
  /** The environment's runtime key (rk_...): it decides the environment. */
  key: string;
  /** This game server's name in the console's pickup list; hostname:pid by default. */
  instance?: string;
  /** Replaces the global fetch (a proxy agent, instrumentation). */
  fetch?: FetchFunction;
  /** Defaults to console (warnings and errors only). */
  logger?: RuntimeLogger;
  /** Called after each new revision was applied. */
  onRevision?: (change: RevisionChange) => void;
  /** Called with every failure the client handles by itself (it retries): unreachable console, refused key. */
  onError?: (error: RuntimeApiError) => void;
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

export type RuntimeProgression = z.output<typeof runtimeProgressionSchema>;

export interface RuntimeClientEvents {
  revision: RevisionChange;
  error: RuntimeApiError;
  /** The stream is open (true) or was lost and is being reopened (false). */
  connection: boolean;
}

export interface RuntimeClient {
  /**
   * Fetches the first snapshot (retrying while the console is unreachable), then follows the stream.
   * Resolves with that snapshot; rejects, and closes the client, when the console refuses the key
   * (a misconfigured game server fails loudly) or when close() is called first.
   */
  start(): Promise<RuntimeSnapshot>;
  /** The revision being served, null before the first fetch. */
  readonly snapshot: RuntimeSnapshot | null;
  readonly revision: number | null;
  /** Whether the revision stream is open right now. */
  readonly isConnected: boolean;
  /** This game server instance's name as reported to the console. */
  readonly instance: string;
  /** What the player receives under the current revision, now or at `at` (UTC ms); computed locally. */
  resolve(player: ResolvePlayerInput, at?: number): PlayerResolution;
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
  /** Tells the console which revision this instance runs (done after every revision by itself). */
  reportApplied(): Promise<void>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends keyof RuntimeClientEvents>(
    event: E,
    listener: (value: RuntimeClientEvents[E]) => void,
  ): () => void;
  /** Stops the stream and the timers; the last snapshot stays readable. */
  close(): Promise<void>;
}

const DEFAULT_REFRESH_INTERVAL_MS = 30_000;
const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export function createRuntimeClient(options: RuntimeClientOptions): RuntimeClient {
  const logger = options.logger ?? console;
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...options.backoff };
  const http = createRuntimeHttp({
    url: options.url,
    key: options.key,
    fetch: options.fetch ?? globalThis.fetch,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
  const closing = new AbortController();
  const listeners: { [E in keyof RuntimeClientEvents]: Set<(value: RuntimeClientEvents[E]) => void> } = {
    revision: new Set(),
    error: new Set(),
    connection: new Set(),
  };
  if (options.onRevision) listeners.revision.add(options.onRevision);
  if (options.onError) listeners.error.add(options.onError);

  let snapshot: RuntimeSnapshot | null = null;
  let etag: string | null = null;
  let isConnected = false;
  let hasOpened = false;
  let started: Promise<RuntimeSnapshot> | null = null;
  let streamDone: Promise<void> | null = null;
  let refreshTimer: NodeJS.Timeout | null = null;
  let reportTimer: NodeJS.Timeout | null = null;
  let refreshing: Promise<void> | null = null;
  let isRefreshWanted = false;
  let reportedRevision: number | null = null;
  let reporting: Promise<void> | null = null;

  const emit = <E extends keyof RuntimeClientEvents>(event: E, value: RuntimeClientEvents[E]) => {
    for (const listener of listeners[event]) {
      try {
        listener(value);
      } catch (error) {
        logger.error(`runtime client: a '${event}' listener threw`, error);
      }
    }
  };

  const reportError = (error: unknown) => {
    if (closing.signal.aborted) return;
    const apiError =
      error instanceof RuntimeApiError
        ? error
        : new RuntimeApiError(error instanceof Error ? error.message : String(error), 0, '', {
            cause: error,
          });
    logger.warn(`runtime client: ${apiError.message}`);
    emit('error', apiError);
  };

  const apply = (next: RuntimeSnapshot, nextEtag: string | null) => {
    const previous = snapshot;
    if (previous && next.revision < previous.revision) {
      // Another console process may lag behind for a moment: never go back.
      logger.warn(`runtime client: ignored revision ${next.revision}, older than ${previous.revision}`);
      return;
    }
    etag = nextEtag;
    if (previous && previous.revision === next.revision) return;
    snapshot = next;
    logger.info?.(`runtime client: applied revision ${next.revision}`);
    emit('revision', {
      snapshot: next,
      revision: next.revision,
      previousRevision: previous?.revision ?? null,
    });
  };

  const reportApplied = async (): Promise<void> => {
    if (!snapshot) return;
    const revision = snapshot.revision;
    const body = appliedRequestSchema.parse({ instance, revision });
    await http.post(RUNTIME_PATHS.applied, body, appliedRequestSchema, closing.signal);
    if (reportedRevision === null || revision > reportedRevision) reportedRevision = revision;
  };

  // After every successful check: tell the console once per revision, again after a failed report.
  const reportIfBehind = () => {
    if (!snapshot || snapshot.revision === reportedRevision || reporting) return;
    reporting = reportApplied()
      .catch(reportError)
      .finally(() => {
        reporting = null;
      });
  };

  const fetchOnce = async () => {
    const answer = await http.fetchSnapshot(etag, closing.signal);
    if (answer.isModified) apply(answer.snapshot, answer.etag);
    reportIfBehind();
  };

  // One fetch at a time; announcements arriving meanwhile ask for one more fetch after it.
  const refreshSnapshot = (): Promise<void> => {
    if (refreshing) {
      isRefreshWanted = true;
      return refreshing;
    }
    refreshing = (async () => {
      try {
        do {
          isRefreshWanted = false;
          await fetchOnce();
        } while (isRefreshWanted && !closing.signal.aborted);
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  const setConnected = (value: boolean) => {
    if (isConnected === value) return;
    isConnected = value;
    emit('connection', value);
  };

  const fetchFirstSnapshot = async (): Promise<RuntimeSnapshot> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await refreshSnapshot();
        if (snapshot) return snapshot;
      } catch (error) {
        if (closing.signal.aborted)
          throw new Error('The runtime client was closed before its first snapshot');
        if (error instanceof RuntimeApiError && error.isPermanent) throw error;
        reportError(error);
      }
      await sleep(computeBackoffDelay(attempt, backoff), closing.signal);
    }
  };

  const client: RuntimeClient = {
    start() {
      started ??= (async () => {
        try {
          const first = await fetchFirstSnapshot();
          streamDone = followRevisionStream({
            http,
            signal: closing.signal,
            backoff,
            idleTimeoutMs: options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS,
            lastRevision: () => snapshot?.revision ?? null,
            onOpen: () => {
              setConnected(true);
              // Report again after every reconnect: the console may have restarted meanwhile.
              if (hasOpened) reportedRevision = null;
              hasOpened = true;
              // Catch up on what happened while disconnected (304 when nothing did).
              refreshSnapshot().catch(reportError);
            },
            onRevision: (revision) => {
              if (revision > (snapshot?.revision ?? 0)) refreshSnapshot().catch(reportError);
            },
            onLost: (error) => {
              setConnected(false);
              reportError(error);
            },
          });
          refreshTimer = setInterval(
            () => refreshSnapshot().catch(reportError),
            options.refreshIntervalMs ?? DEFAULT_REFRESH_INTERVAL_MS,
          );
          refreshTimer.unref();
          // The console counts a game server as live while it keeps reporting, also without changes.
          reportTimer = setInterval(
            () => reportApplied().catch(reportError),
            options.reportIntervalMs ?? GAME_SERVER_REPORT_INTERVAL_MS,
          );
          reportTimer.unref();
          return first;
        } catch (error) {
          await client.close();
          throw error;
        }
      })();
      return started;
    },
    get snapshot() {
      return snapshot;
    },
    get revision() {
      return snapshot?.revision ?? null;
    },
    get isConnected() {
      return isConnected;
    },
    instance,
    resolve(player, at = Date.now()) {
      if (!snapshot) throw new Error('No runtime snapshot yet: await client.start() first');
      return resolvePlayer(snapshot.content, player, at);
    },
    async refresh() {
      await refreshSnapshot();
      return snapshot;
    },
    grants: {
      pending: (userId) =>
        http.post(RUNTIME_PATHS.grantsPending, { userId }, grantsPendingResponseSchema, closing.signal),
      ack: async (ids) =>
        ids.length === 0
          ? { collected: [] }
          : http.post(RUNTIME_PATHS.grantsAck, { ids }, grantsAckResponseSchema, closing.signal),
    },
    progression: (userId) =>
      http.post(RUNTIME_PATHS.progressionGet, { userId }, runtimeProgressionSchema, closing.signal),
    reportApplied,
    on(event, listener) {
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
    async close() {
      if (!closing.signal.aborted) closing.abort();
      if (refreshTimer) clearInterval(refreshTimer);
      if (reportTimer) clearInterval(reportTimer);
      refreshTimer = null;
      reportTimer = null;
      setConnected(false);
      await streamDone;
      await reporting;
    },
  };
  return client;
}
