import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app.ts';
import { CONSOLE_ACTOR, createConsoleContext } from '../context.ts';
import { seedEnvironments } from '../features/environment/environment.service.ts';
import { readSettings } from '../settings.ts';
import { observeStatus } from './observed-statuses.ts';
import { TEST_SESSION_SECRET } from './server-process.ts';
import { cloneDatabase, freePort, type ServingRole } from './test-postgres.ts';

// the events benchmark's bare route stores batches with the console's own ingestion
export { createEventIngestion } from '../features/experiment/experiment.public.ts';
export {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../features/webhooks/webhook-receiver.testing.ts';
export { testRuntimeContext } from './context.ts';
export { type HttpClient, httpClient, type TestRequest, type TestResponse } from './http-client.ts';
export {
  startTestOidcProvider,
  TEST_OIDC_CLIENT_ID,
  type TestOidcProvider,
  type TestOidcUser,
} from './oidc-provider.ts';
export { insertRuntimeRevision, insertRuntimeRevisions, makeRuntimeContent } from './runtime-revisions.ts';
export {
  newcomerEnv,
  type ProcessResult,
  type RunProcessOptions,
  runProcess,
  type ServerProcess,
  serverProcessArgs,
  spawnTestProcess,
  startNpmStart,
  startServerProcess,
  TEST_SESSION_SECRET,
} from './server-process.ts';
export { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';
export {
  cloneDatabase,
  createTemplateDatabase,
  freePort,
  type ServingRole,
  startTestPostgres,
  type TestPostgres,
} from './test-postgres.ts';

/** What a test may choose about the app beyond its environment variables. */
export type TestAppOptions = Pick<
  BuildAppOptions,
  'transferGroups' | 'now' | 'runtime' | 'metrics' | 'logger' | 'webhooks'
> & {
  /** Runs the job queue's workers (JOB_WORKERS): off unless asked, so the many test apps do not poll. */
  jobs?: boolean;
};

/**
 * Builds the real app over a database, with dev login and quiet logs (unless `options.logger` gives
 * pino's options), seeded like `npm start`.
 */
export async function buildTestApp(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
  { jobs = false, ...options }: TestAppOptions = {},
): Promise<FastifyInstance> {
  const settings = readSettings(
    { AUTH_DEV_LOGIN: 'true', SESSION_SECRET: TEST_SESSION_SECRET, JOB_WORKERS: String(jobs), ...env },
    databaseUrl,
  );
  // Every answer's status is checked against the OpenAPI document after the test file (observed-statuses.ts).
  const app = await buildApp({ logger: false, onResponse: observeStatus, ...options, settings });
  await seedEnvironments(createConsoleContext(app.unitOfWork, CONSOLE_ACTOR), app.environmentSetup);
  return app;
}

/** Where a run's test databases come from: what `global-setup.ts` provides to every test file. */
export interface TestDatabaseSource {
  adminUrl: string;
  templateDatabase: string;
  databasePrefix: string;
  /** The role the console serves as, when the run could create one (test-postgres.ts). */
  servingRole?: ServingRole | null;
}

/**
 * For browser tests: the whole console (API and built web app) on a random local port, over a fresh
 * database cloned from the run's migrated template (see global-setup.ts), dropped on close; `env` adds
 * variables (a sign-in provider's, for instance).
 */
export async function startConsole(
  source: TestDatabaseSource,
  env: NodeJS.ProcessEnv = {},
): Promise<{ url: string; databaseUrl: string; close(): Promise<void> }> {
  const database = await cloneDatabase(
    source.adminUrl,
    source.templateDatabase,
    source.databasePrefix,
    source.servingRole ?? undefined,
  );
  // The port is chosen before the app is built: PUBLIC_URL (where a sign-in provider calls back) names it.
  const port = await freePort();
  const app = await buildTestApp(database.servingUrl, { PUBLIC_URL: `http://127.0.0.1:${port}`, ...env });
  const address = await app.listen({ port, host: '127.0.0.1' });
  return {
    url: address,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop().catch(() => {});
    },
  };
}
