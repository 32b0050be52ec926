import { randomUUID } from 'node:crypto';
import { ALL_ENDPOINTS } from '@console/domain/endpoints';
import { RUNTIME_ENDPOINTS } from '@console/domain/runtime';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type onResponseHookHandler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { createDb, type Db, poolOf } from './db/client.ts';
import { createDbListener, type DbListener } from './db/listener.ts';
import { createPool } from './db/pool.ts';
import { createUnitOfWork } from './db/unit-of-work.ts';
import { environmentSetup } from './environment-setup.ts';
import { abTestRoutes } from './features/abtest/abtest.routes.ts';
import { segmentRoutes } from './features/abtest/segment.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { changeRequestRoutes } from './features/change-request/change-request.routes.ts';
import { compensationRoutes } from './features/compensation/compensation.routes.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { connectionRegistry, connectionsRoutes } from './features/connections/connections.routes.ts';
import { type RuntimeOptions, registerDelivery } from './features/delivery/delivery.plugin.ts';
import { runtimeInstancesRoutes } from './features/delivery/instances.routes.ts';
import { environmentRoutes } from './features/environment/environment.routes.ts';
import { createEnvironmentCatalog } from './features/environment/environment-catalog.ts';
import { experimentRoutes } from './features/experiment/experiment.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { idsRoutes } from './features/ids/ids.routes.ts';
import { niceRoutes } from './features/nice/nice.routes.ts';
import { pluginRoutes } from './features/plugin/plugin.routes.ts';
import { progressionRoutes } from './features/progression/progression.routes.ts';
import { releaseRoutes } from './features/release/release.routes.ts';
import { runtimePreviewRoutes } from './features/revisions/preview.routes.ts';
import { runtimeRevisionRoutes } from './features/revisions/revision.routes.ts';
import { runtimeKeyRoutes } from './features/runtime-keys/runtime-keys.routes.ts';
import { scheduleRoutes } from './features/schedule/schedule.routes.ts';
import { transferRoutes } from './features/transfer/transfer.routes.ts';
import type { TransferGroup } from './features/transfer/transfer-group.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { type WebhookTimings, webhooksRoutes } from './features/webhooks/webhooks.routes.ts';
import { registerApiRateLimit } from './http/api-rate-limit.ts';
import { limitConnectionsPerAddress, requestTimeoutOptions } from './http/client-limits.ts';
import { registerCrossSiteGuard } from './http/cross-site.ts';
import { findContractMismatches } from './http/endpoint.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './http/errors.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { type MetricsOptions, registerMetrics, registerMetricsRoute } from './http/metrics.ts';
import { openApiOptions } from './http/openapi.ts';
import { RefusalLog } from './http/refusal-log.ts';
import { registerRequestContext } from './http/request-context.ts';
import { RequestLog } from './http/request-log.ts';
import { requestValidatorCompiler } from './http/request-validator.ts';
import { findRuntimeContractMismatches } from './http/runtime-endpoint.ts';
import { registerContentTypeOptions, registerSecurityHeaders } from './http/security-headers.ts';
import { createSessions } from './http/session.ts';
import { registerWebApp } from './http/web-app.ts';
import { JobQueue } from './jobs/job-queue.ts';
import type { AppSettings } from './settings.ts';
import { transferGroups } from './transfer-groups.ts';
import { unitOfWorkSteps } from './unit-of-work-steps.ts';
import './http/types.ts';

export interface BuildAppOptions {
  settings: AppSettings;
  /** Extra pino options (level, stream), or false to stay quiet (tests). */
  logger?: false | Record<string, unknown>;
  db?: Db;
  /** What the environment transfer copies, in preview order; the product's groups by default. */
  transferGroups?: readonly TransferGroup[];
  /** The clock of session lifetimes and the request path's caches (UTC ms); tests move it forward. */
  now?: () => number;
  /** The game servers' read path (features/delivery): its intervals, shortened by tests. */
  runtime?: RuntimeOptions;
  /** GET /metrics and what feeds it (http/metrics.ts); false leaves them out (the benchmark's baseline). */
  metrics?: false | MetricsOptions;
  /** Sees every answer of every route (tests record the statuses they observed: testing/observed-statuses.ts). */
  onResponse?: onResponseHookHandler;
  /** The webhooks' retry schedule, attempt timeout and sweep (features/webhooks), shortened by tests. */
  webhooks?: WebhookTimings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's one LISTEN connection (db/listener.ts). */
    dbListener: DbListener;
    /** Refused requests counted by status, for metrics (http/refusal-log.ts). */
    refusals: RefusalLog;
    /** The job queue (jobs/job-queue.ts): started when the app is ready, stopped before the database. */
    jobs: JobQueue;
  }
}

/**
 * Where a secret could reach a log line: cookies (sessions, the sign-in attempt) and authorization
 * headers (runtime keys, the metrics token) of a request or error logged with its headers, and Node's
 * parser errors, which carry the refused request's raw bytes.
 */
const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.cookie',
  'headers.authorization',
  'res.headers["set-cookie"]',
  'err.rawPacket',
];

/** Request log lines without secrets carried in query strings (runtime keys, OAuth codes). */
function serializeRequest(request: { method: string; url: string; ip: string; id: string }) {
  return {
    id: request.id,
    method: request.method,
    url: request.url.replace(/([?&](?:key|code|state)=)[^&]*/g, '$1[redacted]'),
    remoteAddress: request.ip,
  };
}

/** Feature route plugins, one per feature folder. Later features add theirs here. */
const featureRoutes = [
  healthRoutes,
  authRoutes,
  environmentRoutes,
  auditRoutes,
  idsRoutes,
  releaseRoutes,
  pluginRoutes,
  niceRoutes,
  compensationRoutes,
  progressionRoutes,
  transferRoutes,
  connectionsRoutes,
  runtimeKeyRoutes,
  abTestRoutes,
  segmentRoutes,
  configRoutes,
  scheduleRoutes,
  runtimeRevisionRoutes,
  usersRoutes,
  runtimeInstancesRoutes,
  runtimePreviewRoutes,
  changeRequestRoutes,
  webhooksRoutes,
  experimentRoutes,
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { settings } = options;
  const refusals = new RefusalLog();
  const requestLog = new RequestLog(refusals);
  const app = Fastify({
    // Secrets never reach the log, whatever destination or level a caller adds.
    logger:
      options.logger === false
        ? false
        : {
            level: settings.logLevel,
            redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
            serializers: { req: serializeRequest },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    logController: requestLog,
    bodyLimit: settings.bodyLimit,
    ...requestTimeoutOptions(settings.requestBodyTimeoutMs),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && given.length <= 100 ? given : randomUUID();
    },
    trustProxy: settings.trustProxy,
    // Errors raised before routing (router, Node's HTTP parser) answer {"error"} like every other.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Refused by the error handling's own hook instead, with the code and Retry-After (http/errors.ts).
    return503OnClosing: false,
  });
  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Calls are JSON; anything else is answered 415 rather than parsed as text.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);

  const db = options.db ?? createDb(settings.databaseUrl, { limits: settings.databaseLimits });
  app.decorate('db', db);
  // This instance's unit of work: every change that alters what players receive publishes a runtime
  // revision in its own transaction, and the webhooks' outbox follows it.
  app.decorate(
    'unitOfWork',
    createUnitOfWork(db, unitOfWorkSteps({ revisionsKept: settings.runtimeRevisionsKept })),
  );
  app.decorate('settings', settings);
  app.decorate('refusals', refusals);
  limitConnectionsPerAddress(app.server, settings.maxConnectionsPerAddress, app.log, refusals);
  app.decorate('transferGroups', options.transferGroups ?? transferGroups);
  const now = options.now ?? (() => Date.now());
  app.decorate('clock', now);
  app.decorate('sessions', createSessions(app.unitOfWork, settings, now));
  app.decorate('environments', createEnvironmentCatalog(db, now));
  app.decorate('environmentSetup', environmentSetup);
  if (!options.db) app.addHook('onClose', () => db.$disconnect());
  const listener = createDbListener(settings.databaseUrl, {
    connectTimeoutMs: settings.databaseLimits.connectTimeoutMs,
    onError: (error) => app.log.warn({ err: error }, 'database listener'),
  });
  app.decorate('dbListener', listener);
  app.addHook('onClose', () => listener.close());
  app.decorate('jobs', createJobQueue(app, db));
  app.decorate('webhookTimings', options.webhooks ?? {});
  try {
    await registerRoutes(app, listener, options, options.logger === false ? null : requestLog);
  } catch (error) {
    // A start refused half-way (a transfer registry or the API contract that does not check out) leaves
    // nothing running: the LISTEN connection, the connection registry's heartbeat and the pool close.
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}

/**
 * The job queue over the app's own pool (a client made elsewhere gets a pool of two of its own), so
 * many apps do not multiply PostgreSQL's connections. Its hooks close it before the database: onClose
 * hooks run last-added first.
 */
function createJobQueue(app: FastifyInstance, db: Db): JobQueue {
  const { settings } = app;
  const ownPool = poolOf(db) ? undefined : createPool(settings.databaseUrl, 2, settings.databaseLimits);
  const jobs = new JobQueue({
    pool: poolOf(db) ?? ownPool!,
    runsWorkers: settings.jobWorkers,
    stopTimeoutMs: settings.shutdownTimeoutMs,
    onError: (error, context) => app.log.warn({ err: error, ...context }, 'job queue'),
  });
  if (ownPool) app.addHook('onClose', () => ownPool.end());
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  return jobs;
}

/** The plugins and routes: at the root, then the game servers' and the console's contexts. */
async function registerRoutes(
  app: FastifyInstance,
  listener: DbListener,
  options: BuildAppOptions,
  /** The log controller when the app has a logger (it then follows every response to its end). */
  requestLog: RequestLog | null,
) {
  if (options.onResponse) app.addHook('onResponse', options.onResponse);
  // First: it measures every route registered after it.
  if (options.metrics !== false) registerMetrics(app, listener, requestLog, options.metrics);

  // At the root, so the document lists the routes of every context.
  await app.register(swagger, openApiOptions(app.settings));
  registerErrorHandling(app);
  registerContentTypeOptions(app);
  if (options.metrics !== false) registerMetricsRoute(app);
  const registered: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });
  // Shared by both contexts below (the runtime key revocation closes live connections).
  await app.register(connectionRegistry);
  // Two contexts: the game servers' API without the console's hooks, and the console; SERVE may keep one
  // (docs/deployment.md, Replica roles). A delivery process answers its supervisor's probes at the root.
  const { serves } = app.settings;
  await registerDelivery(app, listener, { ...options.runtime, serveRoutes: serves !== 'console' });
  if (serves === 'delivery') await app.register(healthRoutes);
  else await app.register(consoleContext);
  const mismatches = [
    ...(serves === 'delivery' ? [] : findContractMismatches(ALL_ENDPOINTS, registered)),
    ...(serves === 'console' ? [] : findRuntimeContractMismatches(RUNTIME_ENDPOINTS, registered)),
  ];
  if (mismatches.length) throw new Error(`API contract: ${mismatches.join('; ')}`);
}

/**
 * The console (API under /api, sign-in, docs, web app): its hooks (cookies, browser security headers,
 * session and environment scope) are added in this context, so they run on its routes and its 404s but
 * not on the game servers' /runtime/v1 routes, registered beside it (features/delivery).
 */
async function consoleContext(app: FastifyInstance) {
  await app.register(cookie, { secret: app.settings.sessionSecret });
  await app.register(rateLimit, { global: false });
  registerSecurityHeaders(app);
  registerCrossSiteGuard(app);
  registerApiRateLimit(app);
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // swagger-ui styles some elements inline; scripts stay 'self' only.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
  });
  registerRequestContext(app);
  registerInputGuard(app);
  for (const routes of featureRoutes) await app.register(routes);
  await registerWebApp(app, app.settings.webDistDir);
}
