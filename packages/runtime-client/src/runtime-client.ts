import { hostname } from 'node:os';
import {
  appliedRequestSchema,
  GAME_SERVER_REPORT_INTERVAL_MS,
  grantsAckResponseSchema,
  grantsPendingResponseSchema,
  RUNTIME_PATHS,
  type RuntimeSnapshot,
  runtimeProgressionSchema,
} from '@console/domain/runtime';
import { type BackoffOptions, computeBackoffDelay, DEFAULT_BACKOFF, sleep } from './backoff.ts';
import { createClientEvents } from './client-events.ts';
import { createEventSender, type EventSender } from './event-sender.ts';
import { createResolver, DEFAULT_EXPOSURE_CACHE_SIZE } from './player-answers.ts';
import { createReplayedChanges } from './replayed-changes.ts';
import { followRevisionStream } from './revision-stream.ts';
import { RuntimeApiError } from './runtime-error.ts';
import { createRuntimeHttp } from './runtime-http.ts';
import type { RevisionChange, RuntimeClient, RuntimeClientOptions, RuntimeLogger } from './runtime-types.ts';
import { createSnapshotKeeper } from './snapshot-keeper.ts';
import { createEventIds, exposureEvent, metricEvent } from './tracked-event.ts';

// A game server's view of its environment. It holds the current revision of the runtime snapshot
// (fetched with ETag, refetched when the stream announces a revision and now and then for safety),
// resolves players locally with the domain's resolvePlayer (the one implementation the server runs
// too), reports the revision it applied, and keeps serving the last snapshot while the console is
// unreachable. A key the console refuses after start stops it for good (no retrying for ever).

const DEFAULT_REFRESH_INTERVAL_MS = 30_000;
const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_START_TIMEOUT_MS = 30_000;
/** Without a logger: warnings and errors to the console; the info lines (each revision served) are left out. */
const DEFAULT_LOGGER: RuntimeLogger = {
  warn: (message, ...details) => console.warn(message, ...details),
  error: (message, ...details) => console.error(message, ...details),
};

export function createRuntimeClient(options: RuntimeClientOptions): RuntimeClient {
  const logger = options.logger ?? DEFAULT_LOGGER;
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const backoff: BackoffOptions = { ...DEFAULT_BACKOFF, ...options.backoff };
  const http = createRuntimeHttp({
    url: options.url,
    key: options.key,
    fetch: options.fetch ?? globalThis.fetch,
    requestTimeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
  const closing = new AbortController();
  const events = createClientEvents(logger);
  if (options.onRevision) events.on('revision', options.onRevision);
  if (options.onError) events.on('error', options.onError);
  if (options.onExposure) events.on('exposure', options.onExposure);
  const resolve = createResolver(events, options.exposureCacheSize ?? DEFAULT_EXPOSURE_CACHE_SIZE);
  const nextEventId = createEventIds();
  // Exposures go to the console as the onExposure callback is told them: queued, never awaited.
  const sender: EventSender | null =
    options.events?.enabled === false
      ? null
      : createEventSender({
          http,
          backoff,
          sending: options.events ?? {},
          onError: (error) => reportError(error),
          onKeyRefused: (error) => {
            if (started) stop(error);
          },
        });
  if (sender) {
    events.on('exposure', (exposure) => {
      const event = exposureEvent(exposure, nextEventId());
      if (event) sender.add(event);
    });
  }

  let isConnected = false;
  let hasOpened = false;
  let stoppedBy: RuntimeApiError | null = null;
  let started: Promise<RuntimeSnapshot> | null = null;
  let streamDone: Promise<void> | null = null;
  let refreshTimer: NodeJS.Timeout | null = null;
  let reportTimer: NodeJS.Timeout | null = null;
  let refreshing: Promise<void> | null = null;
  let isRefreshWanted = false;
  let reportedRevision: number | null = null;
  let reporting: Promise<void> | null = null;

  const replayed = createReplayedChanges();
  const keeper = createSnapshotKeeper({
    logger,
    snapshotFile: options.snapshotFile,
    onApplied: (change, previousSource) => {
      // Changes chain only from a revision of the console: a bootstrap may be another database's.
      const changes =
        change.source === 'console' && previousSource === 'console'
          ? replayed.take(change.previousRevision, change.snapshot)
          : null;
      events.emit('revision', { ...change, changes } satisfies RevisionChange);
    },
    onSaveFailed: (error) => reportError(error),
  });

  /** A failure the client handles by itself; a refused key after start stops it instead. */
  const reportError = (error: unknown) => {
    if (closing.signal.aborted) return;
    const apiError = toApiError(error);
    if (apiError.isKeyRefused && started) return stop(apiError);
    logger.warn(`runtime client: ${apiError.message}`);
    events.emit('error', apiError);
  };

  const stop = (error: RuntimeApiError) => {
    // once: closing sends the queued events, whose refusal would stop it again
    if (closing.signal.aborted || stoppedBy) return;
    stoppedBy = error;
    logger.error(
      `runtime client: stopped for good, the console refused the key (${error.status} ${error.message}); ` +
        'still serving revision ' +
        String(keeper.snapshot?.revision ?? 'none'),
    );
    // Stopped for good is not connected, even while close() still sends the queued events
    setConnected(false);
    events.emit('error', error);
    events.emit('stopped', error);
    void client.close();
  };

  /**
   * A call a game server makes itself: a refused key also stops the client; the error goes to the caller.
   * Once stopped, every call answers the refusal that stopped it.
   */
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    if (stoppedBy) throw stoppedBy;
    try {
      return await request();
    } catch (error) {
      if (error instanceof RuntimeApiError && error.isKeyRefused && started) stop(error);
      throw error;
    }
  };

  const reportApplied = async (): Promise<void> => {
    const snapshot = keeper.snapshot;
    if (!snapshot || keeper.source !== 'console') return;
    const body = appliedRequestSchema.parse({ instance, revision: snapshot.revision });
    await http.post(RUNTIME_PATHS.applied, body, appliedRequestSchema, closing.signal);
    if (reportedRevision === null || body.revision > reportedRevision) reportedRevision = body.revision;
  };

  // After every successful check: tell the console once per revision, again after a failed report.
  const reportIfBehind = () => {
    if (keeper.source !== 'console' || keeper.snapshot?.revision === reportedRevision || reporting) return;
    reporting = reportApplied()
      .catch(reportError)
      .finally(() => {
        reporting = null;
      });
  };

  const fetchOnce = async () => {
    const answer = await http.fetchSnapshot(keeper.etag, closing.signal);
    if (answer.isModified) keeper.apply(answer.snapshot, answer.etag, 'console');
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
    events.emit('connection', value);
  };

  /**
   * The console's first snapshot, retried with backoff until `timeoutMs`. With a bootstrap being served,
   * the first failure (or the time limit) ends the wait: the server serves the bootstrap and the stream
   * and safety refetch bring the console's revision once it answers.
   */
  const fetchFirstSnapshot = async (timeoutMs: number, hasBootstrap: boolean): Promise<void> => {
    const deadline = Number.isFinite(timeoutMs) ? AbortSignal.timeout(Math.max(0, timeoutMs)) : null;
    const waiting = deadline ? AbortSignal.any([closing.signal, deadline]) : closing.signal;
    for (let attempt = 0; ; attempt++) {
      try {
        await untilAborted(refreshSnapshot(), waiting);
        if (keeper.source === 'console') return;
      } catch (error) {
        if (closing.signal.aborted)
          throw new Error('The runtime client was closed before its first snapshot');
        if (error instanceof RuntimeApiError && error.isPermanent) throw error;
        if (deadline?.aborted) {
          const late = new RuntimeApiError(
            `No runtime snapshot from ${options.url} within ${timeoutMs} ms`,
            0,
            RUNTIME_PATHS.snapshot,
            { cause: error },
          );
          if (!hasBootstrap) throw late;
          reportError(late);
          return;
        }
        reportError(error);
        if (hasBootstrap) return;
      }
      await sleep(computeBackoffDelay(attempt, backoff), waiting);
    }
  };

  const follow = () => {
    streamDone = followRevisionStream({
      http,
      signal: closing.signal,
      backoff,
      idleTimeoutMs: options.streamIdleTimeoutMs ?? DEFAULT_STREAM_IDLE_TIMEOUT_MS,
      lastRevision: () => (keeper.source === 'console' ? (keeper.snapshot?.revision ?? null) : null),
      onOpen: () => {
        setConnected(true);
        // Report again after every reconnect: the console may have restarted meanwhile.
        if (hasOpened) reportedRevision = null;
        hasOpened = true;
        // No refetch here: the console replays each revision missed while disconnected (Last-Event-ID),
        // or sends a reset event when it does not know the client's, and each brings the refetch below.
      },
      onRevision: (revision, event) => {
        if (event?.everythingChanged) {
          // The console does not know the revision held: fetch whatever it serves now.
          replayed.reset();
          refreshSnapshot().catch(reportError);
          return;
        }
        if (event) replayed.told(event);
        if (keeper.source !== 'console' || revision > (keeper.snapshot?.revision ?? 0))
          refreshSnapshot().catch(reportError);
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
  };

  const client: RuntimeClient = {
    start(startOptions = {}) {
      started ??= (async () => {
        try {
          const hasBootstrap = await keeper.loadBootstrap(options.bootstrap);
          await fetchFirstSnapshot(startOptions.timeoutMs ?? DEFAULT_START_TIMEOUT_MS, hasBootstrap);
          follow();
          return keeper.snapshot as RuntimeSnapshot;
        } catch (error) {
          await client.close();
          throw error;
        }
      })();
      return started;
    },
    get snapshot() {
      return keeper.snapshot;
    },
    get revision() {
      return keeper.snapshot?.revision ?? null;
    },
    get isConnected() {
      return isConnected;
    },
    get stoppedBy() {
      return stoppedBy;
    },
    instance,
    resolve: ((request) => resolve(keeper.snapshot, request)) as RuntimeClient['resolve'],
    async refresh() {
      await call(refreshSnapshot);
      return keeper.snapshot;
    },
    grants: {
      pending: (userId) =>
        call(() =>
          http.post(RUNTIME_PATHS.grantsPending, { userId }, grantsPendingResponseSchema, closing.signal),
        ),
      ack: async (ids) =>
        ids.length === 0
          ? { collected: [] }
          : call(() => http.post(RUNTIME_PATHS.grantsAck, { ids }, grantsAckResponseSchema, closing.signal)),
    },
    progression: (userId) =>
      call(() =>
        http.post(RUNTIME_PATHS.progressionGet, { userId }, runtimeProgressionSchema, closing.signal),
      ),
    reportApplied: () => call(reportApplied),
    track(userId, event, value) {
      const tracked = metricEvent(userId, event, value, nextEventId(), Date.now());
      sender?.add(tracked);
    },
    flushEvents: async () => sender?.flush(),
    get eventCounts() {
      return sender?.counts ?? { queued: 0, sent: 0, dropped: 0 };
    },
    on: events.on,
    async close() {
      // What is queued is sent first (bounded by the close timeout): the stream is not needed for it.
      await sender?.close();
      if (!closing.signal.aborted) closing.abort();
      if (refreshTimer) clearInterval(refreshTimer);
      if (reportTimer) clearInterval(reportTimer);
      refreshTimer = null;
      reportTimer = null;
      setConnected(false);
      await streamDone;
      await reporting;
      await keeper.saved();
    },
  };
  return client;
}

function toApiError(error: unknown): RuntimeApiError {
  if (error instanceof RuntimeApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new RuntimeApiError(message, 0, '', { cause: error });
}

/** The promise, or a rejection as soon as `signal` aborts (the work itself goes on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
