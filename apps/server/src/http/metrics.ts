import { createHash, timingSafeEqual } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { DomainError, ErrorCode } from '@console/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { poolOf } from '../db/client.ts';
import type { DbListener } from '../db/listener.ts';
import { COUNTED_RUNTIME_CALLS, registerRuntimeMetrics } from '../features/delivery/delivery.public.ts';
import { type PublishTiming, publishTimings } from '../features/publishing/publish.service.ts';
import { type DurationSeries, RequestDurationHistogram } from './request-duration-histogram.ts';
import type { RequestLog } from './request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (GET /metrics); other parts register their series on it. */
    metrics: Registry;
  }
  interface FastifyContextConfig {
    /** Times one response of this route (set on every route by metrics; absent without them). */
    measureResponse?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
}

export const METRICS_PATH = '/metrics';

/** Request durations from a cached runtime read (sub-millisecond) to a slow operator call. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PUBLISH_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface MetricsOptions {
  /** Also the process's own series (CPU, memory, event loop, GC): Node's standard set. */
  collectProcessMetrics?: boolean;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Prometheus metrics at GET /metrics (bearer METRICS_TOKEN when set). Registered on the root before any
 * route, so every route's duration is measured by a function of its own that knows its pattern (never
 * the raw URL) and keeps one histogram child per status: nothing on the request path but a map lookup,
 * the observation, and for runtime calls one plain counter increment. Everything else is read at scrape.
 *
 * `requestLog` is the app's log controller when the app has a logger (always in production): Fastify
 * then follows every response to its end for the log line, and responses are timed there. Without a
 * logger each route gets an onResponse hook instead, which costs a hook run per request.
 */
export function registerMetrics(
  app: FastifyInstance,
  listener: DbListener,
  requestLog: RequestLog | null,
  options: MetricsOptions = {},
): void {
  const registry = new Registry();
  const registers = [registry];
  app.decorate('metrics', registry);
  if (options.collectProcessMetrics ?? true) collectDefaultMetrics({ register: registry });

  const durations = new RequestDurationHistogram(
    'console_http_request_duration_seconds',
    'Time from receiving a request to its answer, by method, route pattern and status',
    DURATION_BUCKETS,
    registry,
  );
  const runtimeCalls = registerRuntimeMetrics(app, registry);

  app.addHook('onRoute', (route) => {
    const method = [route.method].flat().join(',');
    const label = route.url;
    const runtimeCall = COUNTED_RUNTIME_CALLS.get(label);
    const byStatus = new Map<number, DurationSeries>();
    const measureResponse = (request: FastifyRequest, reply: FastifyReply) => {
      const status = reply.statusCode;
      let child = byStatus.get(status);
      if (child === undefined) {
        child = durations.seriesOf({ method, route: label, status: String(status) });
        byStatus.set(status, child);
      }
      child.observe(reply.elapsedTime / 1000);
      const key = runtimeCall === undefined ? null : request.runtimeKey;
      if (key) runtimeCalls.count(key.environmentId, runtimeCall!, status);
    };
    if (requestLog !== null) {
      route.config = { ...route.config, measureResponse };
      return;
    }
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      measureResponse(request, reply);
      done();
    };
    route.onResponse = route.onResponse ? [...[route.onResponse].flat(), hook] : [hook];
  });
  // A response without a route (an unknown path) is not timed, with or without a logger.
  requestLog?.followCompletions((request, reply) =>
    request.routeOptions.config.measureResponse?.(request, reply),
  );

  const publishes = new Histogram({
    name: 'console_runtime_publish_duration_seconds',
    help: 'Time to publish an environment’s runtime in a change’s transaction (lock wait, build, insert)',
    labelNames: ['environment', 'outcome'],
    buckets: PUBLISH_BUCKETS,
    registers,
  });
  const onPublish = (message: unknown) => {
    const { environmentId, seconds, isPublished } = message as PublishTiming;
    publishes.observe(
      { environment: environmentId, outcome: isPublished ? 'published' : 'unchanged' },
      seconds,
    );
  };
  subscribe(publishTimings.name, onPublish);
  app.addHook('onClose', async () => unsubscribe(publishTimings.name, onPublish));

  const reconnects = new Counter({
    name: 'console_db_listener_reconnects_total',
    help: 'Times this process’s LISTEN connection (revisions, keys, connections) came back after a loss',
    registers,
  });
  listener.onReconnect(() => reconnects.inc());

  // Refusals (4xx, 503, connections over the per-address cap) as the refusal log counts them, whose log
  // lines are throttled per client: read at scrape, as increments since the last one.
  const reported = new Map<number, number>();
  new Counter({
    name: 'console_http_refusals_total',
    help: 'Requests and connections refused, by status (logged at most once per client per minute)',
    labelNames: ['status'],
    registers,
    collect() {
      for (const [status, count] of app.refusals.counts) {
        const delta = count - (reported.get(status) ?? 0);
        if (delta > 0) this.inc({ status: String(status) }, delta);
        reported.set(status, count);
      }
    },
  });

  const pool = poolOf(app.db);
  if (pool) {
    new Gauge({
      name: 'console_db_pool_connections',
      help: 'Database connections of this process’s pool, in use or idle',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'console_db_pool_waiting',
      help: 'Database calls of this process waiting for a free connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
}

/**
 * GET /metrics, answered from the app's registry. Registered after the error handler (a route keeps the
 * handler in place when it was added), so a refused scrape answers {"error"} like every call.
 */
export function registerMetricsRoute(app: FastifyInstance): void {
  const registry = app.metrics;
  const expected = app.settings.metricsToken === undefined ? null : digest(app.settings.metricsToken);
  app.get(
    METRICS_PATH,
    { config: { access: 'public' }, schema: { hide: true }, exposeHeadRoute: false },
    async (request, reply) => {
      if (expected !== null) {
        const given = request.headers.authorization ?? '';
        const token = given.startsWith('Bearer ') ? given.slice('Bearer '.length) : '';
        if (!timingSafeEqual(digest(token), expected)) {
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          throw new DomainError(ErrorCode.NotLoggedIn, 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
        }
      }
      reply.header('content-type', registry.contentType);
      reply.header('cache-control', 'no-store');
      return registry.metrics();
    },
  );
}
