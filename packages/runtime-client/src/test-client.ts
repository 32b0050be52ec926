import { changedParts, type PendingGrant, type RuntimeSnapshot } from '@console/domain/runtime';
import { createClientEvents } from './client-events.ts';
import { createResolver, DEFAULT_EXPOSURE_CACHE_SIZE } from './player-answers.ts';
import { RuntimeApiError } from './runtime-error.ts';
import type {
  Exposure,
  RevisionChange,
  RuntimeClient,
  RuntimeLogger,
  RuntimeProgression,
} from './runtime-types.ts';
import { checkSnapshot, parseSnapshot } from './snapshot-file.ts';
import { metricEvent } from './tracked-event.ts';

// The SDK without a console, for a game server's unit tests: the same RuntimeClient, resolving with
// the same function over a snapshot the test gives (saved from GET /runtime/v1/snapshot, or the
// client's snapshot file), with grants and progression kept in memory. A test publishes revisions
// and revokes the key to see how its server reacts.

export interface TestRuntimeClientOptions {
  /** The revision to serve: a snapshot, or its JSON text (bare or as GET /runtime/v1/snapshot answers it). */
  snapshot: RuntimeSnapshot | { payload: RuntimeSnapshot } | string;
  /** Pending compensation grants by player id; `grants.ack` collects each once. */
  grants?: Record<string, Omit<PendingGrant, 'id'>[]>;
  /** Progression by player id (others answer null). */
  progression?: Record<string, NonNullable<RuntimeProgression>>;
  instance?: string;
  onExposure?: (exposure: Exposure) => void;
  exposureCacheSize?: number;
  /** Defaults to one that drops everything (a test reads the events instead). */
  logger?: RuntimeLogger;
}

export interface TestRuntimeClient extends RuntimeClient {
  /** Serves a new revision, as the stream would bring it (the 'revision' event follows). */
  publish(snapshot: RuntimeSnapshot): void;
  /** Acts as if the console revoked the key: the client stops ('error' then 'stopped'), keeps its snapshot. */
  revokeKey(): void;
  /** The revisions reported as applied, in order. */
  readonly appliedRevisions: readonly number[];
  /** What track() recorded, in order (nothing is sent: there is no console). */
  readonly trackedEvents: readonly { userId: string; event: string; value?: number; at: number }[];
}

const silent: RuntimeLogger = { warn: () => {}, error: () => {} };

export function createTestRuntimeClient(options: TestRuntimeClientOptions): TestRuntimeClient {
  const events = createClientEvents(options.logger ?? silent);
  if (options.onExposure) events.on('exposure', options.onExposure);
  const resolve = createResolver(events, options.exposureCacheSize ?? DEFAULT_EXPOSURE_CACHE_SIZE);
  let snapshot =
    typeof options.snapshot === 'string'
      ? parseSnapshot(options.snapshot, 'the snapshot')
      : checkSnapshot(options.snapshot, 'the snapshot');
  let stoppedBy: RuntimeApiError | null = null;
  let nextGrantId = 1;
  const pending = new Map<number, PendingGrant & { userId: string }>();
  for (const [userId, grants] of Object.entries(options.grants ?? {}))
    for (const grant of grants) {
      const id = nextGrantId++;
      pending.set(id, { ...grant, id, userId });
    }
  const appliedRevisions: number[] = [];
  const trackedEvents: { userId: string; event: string; value?: number; at: number }[] = [];
  const ensureKey = () => {
    if (stoppedBy) throw stoppedBy;
  };

  const client: TestRuntimeClient = {
    async start() {
      ensureKey();
      return snapshot;
    },
    get snapshot() {
      return snapshot;
    },
    get revision() {
      return snapshot.revision;
    },
    get isConnected() {
      return stoppedBy === null;
    },
    get stoppedBy() {
      return stoppedBy;
    },
    instance: options.instance ?? 'test-game-server',
    resolve: ((request) => resolve(snapshot, request)) as RuntimeClient['resolve'],
    async refresh() {
      ensureKey();
      return snapshot;
    },
    grants: {
      async pending(userId) {
        ensureKey();
        return [...pending.values()]
          .filter((grant) => grant.userId === userId)
          .map(({ userId: _, ...grant }) => grant);
      },
      async ack(ids) {
        ensureKey();
        const collected = ids.filter((id) => pending.delete(id));
        return { collected };
      },
    },
    async progression(userId) {
      ensureKey();
      return options.progression?.[userId] ?? null;
    },
    async reportApplied() {
      ensureKey();
      appliedRevisions.push(snapshot.revision);
    },
    track(userId, event, value) {
      const tracked = metricEvent(userId, event, value, `tracked-${trackedEvents.length + 1}`, Date.now());
      if (tracked.type === 'metric') {
        const { userId: player, event: name, value: amount, at } = tracked;
        trackedEvents.push({
          userId: player,
          event: name,
          ...(amount === undefined ? {} : { value: amount }),
          at,
        });
      }
    },
    async flushEvents() {},
    eventCounts: { queued: 0, sent: 0, dropped: 0 },
    trackedEvents,
    on: events.on,
    async close() {},
    publish(next) {
      const change: RevisionChange = {
        snapshot: next,
        revision: next.revision,
        previousRevision: snapshot.revision,
        source: 'console',
        // the stream's change event when it follows the revision served, as the console would send it
        changes:
          next.revision === snapshot.revision + 1
            ? [
                {
                  revision: next.revision,
                  hash: next.hash,
                  previousRevision: snapshot.revision,
                  changed: changedParts(snapshot.content, next.content),
                  everythingChanged: false,
                },
              ]
            : null,
      };
      snapshot = next;
      appliedRevisions.push(next.revision);
      events.emit('revision', change);
    },
    revokeKey() {
      if (stoppedBy) return;
      stoppedBy = new RuntimeApiError('This runtime key has been revoked', 401, '/runtime/v1/stream');
      events.emit('connection', false);
      events.emit('error', stoppedBy);
      events.emit('stopped', stoppedBy);
    },
    get appliedRevisions() {
      return appliedRevisions;
    },
  };
  return client;
}
